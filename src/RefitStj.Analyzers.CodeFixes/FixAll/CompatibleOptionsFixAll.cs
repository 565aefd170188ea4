using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;

namespace RefitStj.Analyzers.CodeFixes;

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

        // Every call that pairs a context asks for the same edit of it: one per context.
        var edits = diagnostics
            .Select(OptionsEdit.Of)
            .OfType<OptionsEdit>()
            .GroupBy(edit => edit.Attribute)
            .Select(context => context.First())
            .ToList();
        return edits.Count == 0
            ? null
            : CodeAction.Create(
                "Use Refit's default options in every context paired with a Refit client",
                cancellationToken => OptionsAttributeWriter.ApplyAsync(fixAllContext.Solution, edits, cancellationToken),
                fixAllContext.CodeActionEquivalenceKey);
    }
}
