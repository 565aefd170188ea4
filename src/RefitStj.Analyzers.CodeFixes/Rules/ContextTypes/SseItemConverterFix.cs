using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using RefitStj.Analyzers.CodeFixes.Edits;
using RefitStj.Analyzers.Core.FixData;

namespace RefitStj.Analyzers.CodeFixes.Rules.ContextTypes;

/// <summary>
/// Fixes the RSTJ001 that asks for a <c>SseItemConverter&lt;T&gt;</c>: merges <c>typeof(SseItemConverter&lt;T&gt;)</c> into
/// the context's <c>[JsonSourceGenerationOptions(Converters = ...)]</c> as RSTJ002's fix merges its converters, so both
/// fixes leave one attribute whichever runs first.
/// </summary>
internal static class SseItemConverterFix
{
    public static CodeAction? ActionFor(Document document, Diagnostic diagnostic) =>
        OptionsEdit.ConverterOf(diagnostic) is { } edit
            ? CodeAction.Create(
                $"Add typeof({FixProperties.ConverterNameOf(diagnostic)}) to the converters of '{FixProperties.ContextOf(diagnostic)}'",
                cancellationToken => OptionsAttributeWriter.ApplyAsync(document.Project.Solution, [edit], cancellationToken),
                AddJsonSerializableCodeFix.EquivalenceKey)
            : null;

}
