using System.Collections.Immutable;
using System.Composition;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace RefitStj.Analyzers.CodeFixes;

/// <summary>
/// Fixes RSTJ003 by writing the RefitStj form of the call, which takes the context's own options as Refit's
/// <c>ForContext</c> does (<c>new RefitSettings(StjContentSerializer.ForContext(ctx))</c>), and RSTJ004 by adding the
/// context with <c>UseStjJsonContext</c>; <c>using RefitStj;</c> is added where the namespace is not in scope.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(RefitContextCodeFix))]
[Shared]
public sealed class RefitContextCodeFix : CodeFixProvider
{
    /// <summary>One key for every fix of this provider, so that fix-all gathers both rules.</summary>
    internal const string EquivalenceKey = "RefitStj.RefitContext";

    /// <inheritdoc/>
    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(RefitContextAnalyzer.RefitSerializerId, RefitContextAnalyzer.ThrowsId);

    /// <inheritdoc/>
    public override FixAllProvider GetFixAllProvider() => RefitContextFixAll.Instance;

    /// <inheritdoc/>
    public override async Task RegisterCodeFixesAsync(CodeFixContext context)
    {
        if (await context.Document.GetSemanticModelAsync(context.CancellationToken).ConfigureAwait(false) is not { } model)
        {
            return;
        }

        foreach (var diagnostic in context.Diagnostics)
        {
            if (InvocationAt(model.SyntaxTree, diagnostic, context.CancellationToken) is { } invocation
                && RefitContextRewrite.Plan(invocation, model, context.CancellationToken) is not null)
            {
                var title = diagnostic.Id == RefitContextAnalyzer.ThrowsId ? "Add the context with UseStjJsonContext" : "Run this client on StjContentSerializer.ForContext";
                context.RegisterCodeFix(
                    CodeAction.Create(title, cancellationToken => FixAsync(context.Document, [diagnostic], cancellationToken), EquivalenceKey),
                    diagnostic);
            }
        }
    }

    /// <summary>The document with every call <paramref name="diagnostics"/> report rewritten in one pass, and the using added once.</summary>
    internal static async Task<Document> FixAsync(Document document, IReadOnlyCollection<Diagnostic> diagnostics, CancellationToken cancellationToken)
    {
        if (await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } model
            || await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not CompilationUnitSyntax root)
        {
            return document;
        }

        var plans = new Dictionary<InvocationExpressionSyntax, RefitContextRewrite>();
        foreach (var diagnostic in diagnostics)
        {
            if (InvocationAt(model.SyntaxTree, diagnostic, cancellationToken) is { } invocation
                && RefitContextRewrite.Plan(invocation, model, cancellationToken) is { } plan)
            {
                plans[invocation] = plan;
            }
        }

        if (plans.Count == 0)
        {
            return document;
        }

        // The rewrites name RefitSettings (Refit) and StjContentSerializer / UseStjJsonContext (RefitStj).
        var missing = new[] { ("Refit", "RefitSettings"), ("RefitStj", "StjContentSerializer") }
            .Where(pair => plans.Keys.Any(invocation => !InScope(model, invocation.SpanStart, pair.Item1, pair.Item2)))
            .Select(pair => pair.Item1)
            .ToList();
        var fixedRoot = root.ReplaceNodes(plans.Keys, (original, current) => plans[original].Apply(current));
        foreach (var name in missing)
        {
            fixedRoot = fixedRoot.AddUsings(SyntaxFactory.UsingDirective(SyntaxFactory.ParseName(" " + name)).WithTrailingTrivia(SyntaxFactory.ElasticCarriageReturnLineFeed));
        }

        return document.WithSyntaxRoot(fixedRoot);
    }

    private static InvocationExpressionSyntax? InvocationAt(SyntaxTree tree, Diagnostic diagnostic, CancellationToken cancellationToken)
    {
        if (diagnostic.Location.SourceTree != tree)
        {
            return null;
        }

        var node = tree.GetRoot(cancellationToken).FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true);
        return node.AncestorsAndSelf().OfType<InvocationExpressionSyntax>().FirstOrDefault(invocation => invocation.Span == diagnostic.Location.SourceSpan);
    }

    private static bool InScope(SemanticModel model, int position, string @namespace, string type) =>
        model.LookupNamespacesAndTypes(position, name: type).Any(symbol => symbol.ContainingNamespace?.ToDisplayString() == @namespace);
}
