using Microsoft.CodeAnalysis;
using RefitStj.Analyzers.Core.FixData;

namespace RefitStj.Analyzers.CodeFixes.Edits;

/// <summary>One context to extend: its last <c>[JsonSerializable]</c> attribute, and the types to declare after it, in order.</summary>
internal sealed class ContextEdit
{
    public ContextEdit(Location lastAttribute, IReadOnlyList<string> typeIds)
    {
        LastAttribute = lastAttribute;
        TypeIds = typeIds;
    }

    public Location LastAttribute { get; }

    /// <summary>Documentation IDs of the types (<c>DocumentationCommentId.CreateReferenceId</c>).</summary>
    public IReadOnlyList<string> TypeIds { get; }

    /// <summary>The edit an RSTJ001 asks for, or <see langword="null"/> when it does not carry what the fix needs.</summary>
    public static ContextEdit? Of(Diagnostic diagnostic) =>
        diagnostic.AdditionalLocations.Count == 1 && FixProperties.TypeIdsOf(diagnostic) is { } typeIds
            ? new ContextEdit(diagnostic.AdditionalLocations[0], typeIds)
            : null;
}
