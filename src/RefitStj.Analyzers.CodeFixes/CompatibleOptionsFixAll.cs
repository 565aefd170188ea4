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
        var diagnostics = new List<Diagnostic>();
        switch (fixAllContext.Scope)
        {
            case FixAllScope.Document when fixAllContext.Document is { } document:
                diagnostics.AddRange(await fixAllContext.GetDocumentDiagnosticsAsync(document).ConfigureAwait(false));
                break;
            case FixAllScope.Project:
                diagnostics.AddRange(await fixAllContext.GetAllDiagnosticsAsync(fixAllContext.Project).ConfigureAwait(false));
                break;
            case FixAllScope.Solution:
                foreach (var project in fixAllContext.Solution.Projects)
                {
                    diagnostics.AddRange(await fixAllContext.GetAllDiagnosticsAsync(project).ConfigureAwait(false));
                }

                break;
            default:
                return null;
        }

        // Every call that pairs a context asks for the same edit of it: one per context.
        var edits = diagnostics
            .Select(CompatibleOptionsCodeFix.EditOf)
            .OfType<OptionsEdit>()
            .GroupBy(edit => edit.Attribute)
            .Select(context => context.First())
            .ToList();
        return edits.Count == 0
            ? null
            : CodeAction.Create(
                "Use Refit's default options in every context paired with a Refit client",
                cancellationToken => OptionsAttribute.ApplyAsync(fixAllContext.Solution, edits, cancellationToken),
                CompatibleOptionsCodeFix.EquivalenceKey);
    }
}
