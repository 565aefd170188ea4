using Microsoft.CodeAnalysis;

namespace RefitStj.Analyzers.CodeFixes;

/// <summary>One context to make Refit-compatible: the attribute to edit or to add beside, the options and converters to add.</summary>
internal sealed class OptionsEdit
{
    public OptionsEdit(Location attribute, IReadOnlyList<string> options, IReadOnlyList<string> converterIds)
    {
        Attribute = attribute;
        Options = options;
        ConverterIds = converterIds;
    }

    /// <summary>An attribute of the context (its <c>[JsonSourceGenerationOptions]</c>, or where it has none, one of its <c>[JsonSerializable]</c>).</summary>
    public Location Attribute { get; }

    public IReadOnlyList<string> Options { get; }

    /// <summary>Documentation IDs of the converter types (<c>DocumentationCommentId.CreateReferenceId</c>).</summary>
    public IReadOnlyList<string> ConverterIds { get; }
}
