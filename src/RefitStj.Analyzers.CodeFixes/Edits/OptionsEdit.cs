using Microsoft.CodeAnalysis;
using RefitStj.Analyzers.Core.Contexts;
using RefitStj.Analyzers.Core.FixData;

namespace RefitStj.Analyzers.CodeFixes.Edits;

/// <summary>
/// One context to make Refit-compatible: the attribute to edit or to add beside, the options and converters to add, and
/// whether to state <c>JsonSerializerDefaults.General</c>, the format it already has.
/// </summary>
internal sealed class OptionsEdit
{
    public OptionsEdit(Location attribute, bool extendsAttribute, IReadOnlyList<string> options, IReadOnlyList<string> converterIds, bool statesDefaults = false)
    {
        Attribute = attribute;
        ExtendsAttribute = extendsAttribute;
        Options = options;
        ConverterIds = converterIds;
        StatesDefaults = statesDefaults;
    }

    /// <summary>An attribute of the context (its <c>[JsonSourceGenerationOptions]</c>, or where it has none, one of its <c>[JsonSerializable]</c>).</summary>
    public Location Attribute { get; }

    /// <summary>Whether <see cref="Attribute"/> is the context's <c>[JsonSourceGenerationOptions]</c>, as the analyzer read it: extended, not added.</summary>
    public bool ExtendsAttribute { get; }

    public IReadOnlyList<string> Options { get; }

    /// <summary>Documentation IDs of the converter types (<c>DocumentationCommentId.CreateReferenceId</c>).</summary>
    public IReadOnlyList<string> ConverterIds { get; }

    /// <summary>Whether <c>JsonSerializerDefaults.General</c> goes first in the attribute's arguments (where it has no constructor argument).</summary>
    public bool StatesDefaults { get; }

    /// <summary>The options edit an RSTJ002 asks for, or <see langword="null"/> when it does not carry what the fix needs.</summary>
    public static OptionsEdit? Of(Diagnostic diagnostic) =>
        diagnostic.AdditionalLocations.Count == 1 && FixProperties.OptionsOf(diagnostic) is { } edit
            ? new OptionsEdit(diagnostic.AdditionalLocations[0], FixProperties.ExtendsAttribute(diagnostic), edit.Options, edit.ConverterIds)
            : null;

    /// <summary>
    /// One edit of a context for several calls' edits of it (RSTJ002 counts each call's missing types, so calls may ask
    /// for different converters): every option and converter any of them asks for, in the order of the first, the others'
    /// additions after it in theirs. <paramref name="edits"/> come in the order of their diagnostics' locations.
    /// </summary>
    public static OptionsEdit Merge(IReadOnlyList<OptionsEdit> edits)
    {
        var first = edits[0];
        if (edits.Count == 1)
        {
            return first;
        }

        var canonical = new[] { ContextOptions.PropertyNamingPolicy, ContextOptions.PropertyNameCaseInsensitive, ContextOptions.NumberHandling };
        var options = edits.SelectMany(e => e.Options).Distinct(StringComparer.Ordinal).OrderBy(o => Array.IndexOf(canonical, o)).ToList();
        var converters = edits.SelectMany(e => e.ConverterIds).Distinct(StringComparer.Ordinal).ToList();
        return new OptionsEdit(first.Attribute, first.ExtendsAttribute, options, converters, first.StatesDefaults);
    }

    /// <summary>The converter an RSTJ001 asks for (<c>SseItemConverter&lt;T&gt;</c>), as an options edit of its context, or <see langword="null"/> for any other RSTJ001.</summary>
    public static OptionsEdit? ConverterOf(Diagnostic diagnostic) =>
        diagnostic.AdditionalLocations.Count == 1 && FixProperties.ConverterIdOf(diagnostic) is { } converterId
            ? new OptionsEdit(diagnostic.AdditionalLocations[0], FixProperties.ExtendsAttribute(diagnostic), [], [converterId])
            : null;
}
