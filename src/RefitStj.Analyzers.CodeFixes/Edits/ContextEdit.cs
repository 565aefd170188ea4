using Microsoft.CodeAnalysis;

namespace RefitStj.Analyzers.CodeFixes;

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
}
