using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;

namespace RefitStj.Analyzers.CodeFixes.FixAll;

/// <summary>
/// Fix-all for the fixes that edit the document a diagnostic is in (RSTJ003, RSTJ004, RSTJ005): each document rewritten in
/// one pass, edits nested in other edits included, and each missing using added once (Roslyn's batch fixer would drop one
/// of two identical using insertions as a conflict); then, where given, one edit of the solution for all the diagnostics.
/// </summary>
internal sealed class DocumentFixAll : FixAllProvider
{
    private readonly string _title;
    private readonly string _equivalenceKey;
    private readonly Func<Document, IReadOnlyCollection<Diagnostic>, CancellationToken, Task<Document>> _fix;
    private readonly Func<Solution, IEnumerable<Diagnostic>, CancellationToken, Task<Solution>>? _then;

    public DocumentFixAll(
        string title,
        string equivalenceKey,
        Func<Document, IReadOnlyCollection<Diagnostic>, CancellationToken, Task<Document>> fix,
        Func<Solution, IEnumerable<Diagnostic>, CancellationToken, Task<Solution>>? then = null)
    {
        _title = title;
        _equivalenceKey = equivalenceKey;
        _fix = fix;
        _then = then;
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
                _title,
                async cancellationToken =>
                {
                    var fixedSolution = solution;
                    foreach (var group in byDocument)
                    {
                        var fixedDocument = await _fix(group.Key!, group.ToList(), cancellationToken).ConfigureAwait(false);
                        fixedSolution = fixedSolution.WithDocumentSyntaxRoot(group.Key!.Id, (await fixedDocument.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false))!);
                    }

                    return _then is null ? fixedSolution : await _then(fixedSolution, byDocument.SelectMany(group => group), cancellationToken).ConfigureAwait(false);
                },
                _equivalenceKey);
    }
}
