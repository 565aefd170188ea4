using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;

namespace RefitStj.Analyzers.CodeFixes;

/// <summary>
/// Fixes the RSTJ001 that asks for a <c>SseItemConverter&lt;T&gt;</c>: merges <c>typeof(SseItemConverter&lt;T&gt;)</c> into
/// the context's <c>[JsonSourceGenerationOptions(Converters = ...)]</c> as RSTJ002's fix merges its converters, so both
/// fixes leave one attribute whichever runs first.
/// </summary>
internal static class SseItemConverterFix
{
    public static CodeAction? ActionFor(Document document, Diagnostic diagnostic) =>
        EditOf(diagnostic) is { } edit
            ? CodeAction.Create(
                $"Add typeof({FixProperties.ConverterNameOf(diagnostic)}) to the converters of '{FixProperties.ContextOf(diagnostic)}'",
                cancellationToken => OptionsAttributeWriter.ApplyAsync(document.Project.Solution, [edit], cancellationToken),
                AddJsonSerializableCodeFix.EquivalenceKey)
            : null;

    /// <summary>The converter a diagnostic asks for, as an options edit of its context, or <see langword="null"/> for any other RSTJ001.</summary>
    public static OptionsEdit? EditOf(Diagnostic diagnostic) =>
        diagnostic.AdditionalLocations.Count == 1
        && FixProperties.ConverterIdOf(diagnostic) is { } converterId
            ? new OptionsEdit(diagnostic.AdditionalLocations[0], FixProperties.ExtendsAttribute(diagnostic), [], [converterId])
            : null;

    /// <summary>The converter's name as the message shows it, which orders fix-all's converters the same in every run.</summary>
    public static string NameOf(Diagnostic diagnostic) => FixProperties.ConverterNameOf(diagnostic);
}
