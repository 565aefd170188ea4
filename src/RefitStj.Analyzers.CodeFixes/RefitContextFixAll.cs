using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;

namespace RefitStj.Analyzers.CodeFixes;

/// <summary>
/// Fix-all for RSTJ003 and RSTJ004: each document rewritten in one pass, calls nested in other calls included, and its
/// using added once (Roslyn's batch fixer would drop one of two identical using insertions as a conflict).
/// </summary>
internal sealed class RefitContextFixAll : FixAllProvider
{
    public static RefitContextFixAll Instance { get; } = new();

    private RefitContextFixAll()
    {
    }

    public override async Task<CodeAction?> GetFixAsync(FixAllContext fixAllContext)
    {
        if (await FixAllDiagnostics.InScopeAsync(fixAllContext).ConfigureAwait(false) is not { } diagnostics)
        {
            return null;
        }

        var solution = fixAllContext.Solution;
        var byDocument = diagnostics
            .Where(diagnostic => diagnostic.Location.SourceTree is not null)
            .GroupBy(diagnostic => solution.GetDocumentIdsWithFilePath(diagnostic.Location.SourceTree!.FilePath).Select(solution.GetDocument).FirstOrDefault())
            .Where(group => group.Key is not null)
            .ToList();
        return byDocument.Count == 0
            ? null
            : CodeAction.Create(
                "Run every Refit client on RefitStj",
                async cancellationToken =>
                {
                    var fixedSolution = solution;
                    foreach (var group in byDocument)
                    {
                        var fixedDocument = await RefitContextCodeFix.FixAsync(group.Key!, group.ToList(), cancellationToken).ConfigureAwait(false);
                        fixedSolution = fixedSolution.WithDocumentSyntaxRoot(group.Key!.Id, (await fixedDocument.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false))!);
                    }

                    return fixedSolution;
                },
                RefitContextCodeFix.EquivalenceKey);
    }
}
