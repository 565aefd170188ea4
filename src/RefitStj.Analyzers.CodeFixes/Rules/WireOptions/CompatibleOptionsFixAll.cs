using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using RefitStj.Analyzers.CodeFixes.Edits;
using RefitStj.Analyzers.CodeFixes.FixAll;

namespace RefitStj.Analyzers.CodeFixes.Rules.WireOptions;

/// <summary>
/// Fix-all for RSTJ002: each context in scope edited once, however many calls pair it (Roslyn's batch fixer would merge
/// several edits of the same attribute badly).
/// </summary>
internal sealed class CompatibleOptionsFixAll : FixAllProvider
{
    public static CompatibleOptionsFixAll Instance { get; } = new();

    private CompatibleOptionsFixAll()
    {
    }

    public override async Task<CodeAction?> GetFixAsync(FixAllContext fixAllContext)
    {
        if (await FixAllDiagnostics.InScopeAsync(fixAllContext).ConfigureAwait(false) is not { } diagnostics)
        {
            return null;
        }

        // Every call that pairs a context asks for an edit of it, with the types its own calls need: one merged edit per context.
        var edits = diagnostics
            .OrderBy(d => d.Location.SourceTree?.FilePath, StringComparer.Ordinal)
            .ThenBy(d => d.Location.SourceSpan.Start)
            .Select(OptionsEdit.Of)
            .OfType<OptionsEdit>()
            .GroupBy(edit => edit.Attribute)
            .Select(context => OptionsEdit.Merge(context.ToList()))
            .ToList();
        return edits.Count == 0
            ? null
            : CodeAction.Create(
                "Use Refit's default options in every context paired with a Refit client",
                cancellationToken => OptionsAttributeWriter.ApplyAsync(fixAllContext.Solution, edits, cancellationToken),
                fixAllContext.CodeActionEquivalenceKey);
    }
}
