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
/// context with <c>UseStjJsonContext</c>; <c>using RefitStj;</c> (or <c>Refit</c>) is added where it is not in scope.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(RefitContextCodeFix))]
[Shared]
public sealed class RefitContextCodeFix : CodeFixProvider
{
    /// <summary>One key for every fix of this provider, so that fix-all gathers both rules.</summary>
    internal const string EquivalenceKey = "RefitStj.RefitContext";

    // The rewrites name RefitSettings (namespace Refit) and StjContentSerializer / UseStjJsonContext (namespace RefitStj).
    private static readonly (string Namespace, string Type)[] s_namespaces = [("Refit", "RefitSettings"), ("RefitStj", "StjContentSerializer")];

    /// <inheritdoc/>
    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(RefitContextRule.RefitSerializerId, RefitContextRule.ThrowsId);

    /// <inheritdoc/>
    public override FixAllProvider GetFixAllProvider() => RefitContextFixAll.Instance;

    /// <inheritdoc/>
    public override Task RegisterCodeFixesAsync(CodeFixContext context)
    {
        foreach (var diagnostic in context.Diagnostics)
        {
            if (RefitContextFix.Read(diagnostic) is not null)
            {
                var title = diagnostic.Id == RefitContextRule.ThrowsId ? "Add the context with UseStjJsonContext" : "Run this client on StjContentSerializer.ForContext";
                context.RegisterCodeFix(
                    CodeAction.Create(title, cancellationToken => FixAsync(context.Document, [diagnostic], cancellationToken), EquivalenceKey),
                    diagnostic);
            }
        }

        return Task.CompletedTask;
    }

    /// <summary>The document with every call <paramref name="diagnostics"/> report rewritten in one pass, and each missing using added once.</summary>
    internal static async Task<Document> FixAsync(Document document, IReadOnlyCollection<Diagnostic> diagnostics, CancellationToken cancellationToken)
    {
        if (await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not CompilationUnitSyntax root
            || await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } model)
        {
            return document;
        }

        var fixes = new Dictionary<InvocationExpressionSyntax, RefitContextFix>();
        foreach (var diagnostic in diagnostics)
        {
            if (RefitContextFix.Read(diagnostic) is { } fix && InvocationAt(root, diagnostic) is { } invocation)
            {
                fixes[invocation] = fix;
            }
        }

        if (fixes.Count == 0)
        {
            return document;
        }

        var missing = s_namespaces
            .Where(name => fixes.Keys.Any(invocation => !InScope(model, invocation.SpanStart, name.Namespace, name.Type)))
            .ToList();
        var fixedRoot = root.ReplaceNodes(fixes.Keys, (original, current) => RefitContextRewrite.Apply(fixes[original], current));

        // Appended after the file's last using, with the file's own line ending.
        var endOfLine = root.DescendantTrivia().FirstOrDefault(trivia => trivia.IsKind(SyntaxKind.EndOfLineTrivia));
        foreach (var name in missing)
        {
            var directive = SyntaxFactory.UsingDirective(SyntaxFactory.ParseName(" " + name.Namespace))
                .WithTrailingTrivia(endOfLine == default ? SyntaxFactory.LineFeed : endOfLine);
            fixedRoot = fixedRoot.AddUsings(directive);
        }

        return document.WithSyntaxRoot(fixedRoot);
    }

    private static InvocationExpressionSyntax? InvocationAt(SyntaxNode root, Diagnostic diagnostic)
    {
        var span = diagnostic.Location.SourceSpan;
        if (!diagnostic.Location.IsInSource || !root.FullSpan.Contains(span))
        {
            return null;
        }

        return root.FindNode(span, getInnermostNodeForTie: true).AncestorsAndSelf().OfType<InvocationExpressionSyntax>().FirstOrDefault(invocation => invocation.Span == span);
    }

    private static bool InScope(SemanticModel model, int position, string @namespace, string type) =>
        model.LookupNamespacesAndTypes(position, name: type).Any(symbol => symbol.ContainingNamespace?.ToDisplayString() == @namespace);
}
