using System.Collections.Immutable;
using System.Composition;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using RefitStj.Analyzers.CodeFixes.Edits;
using RefitStj.Analyzers.CodeFixes.FixAll;
using RefitStj.Analyzers.Core.FixData;
using RefitStj.Analyzers.Rules;

namespace RefitStj.Analyzers.CodeFixes.Rules.Refit16Contexts;

/// <summary>
/// Fixes RSTJ003 by writing the RefitStj form of the call, which takes the context's own options as Refit's
/// <c>ForContext</c> does (<c>new RefitSettings(new StjContentSerializer(ctx))</c>), and RSTJ004 by adding the
/// context with <c>UseStjJsonContext</c>; <c>using RefitStj;</c> (or <c>Refit</c>) is added where it is not in scope. A
/// context that states no format of its own gets <c>JsonSerializerDefaults.General</c>, the one Refit's <c>ForContext</c>
/// used (<see cref="StatedDefaultsWriter"/>).
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(RefitContextCodeFix))]
[Shared]
public sealed class RefitContextCodeFix : CodeFixProvider
{
    /// <summary>One key for every fix of this provider, so that fix-all gathers both rules.</summary>
    internal const string EquivalenceKey = "RefitStj.RefitContext";

    // The rewrites name RefitSettings (namespace Refit) and StjContentSerializer / UseStjJsonContext (namespace RefitStj).
    private static readonly (string Namespace, string Type)[] s_namespaces = [("Refit", "RefitSettings"), ("RefitStj", "StjContentSerializer")];

    private static readonly DocumentFixAll s_fixAll = new("Run every Refit client on RefitStj", EquivalenceKey, FixAsync, StatedDefaultsWriter.ApplyAsync);

    /// <inheritdoc/>
    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(Descriptors.Rstj003, Descriptors.Rstj004);

    /// <inheritdoc/>
    public override FixAllProvider GetFixAllProvider() => s_fixAll;

    /// <inheritdoc/>
    public override Task RegisterCodeFixesAsync(CodeFixContext context)
    {
        foreach (var diagnostic in context.Diagnostics)
        {
            if (EntryPointFix.Read(diagnostic) is not null)
            {
                var title = diagnostic.Id == Descriptors.Rstj004 ? "Add the context with UseStjJsonContext" : "Run this client on new StjContentSerializer(context)";
                context.RegisterCodeFix(
                    CodeAction.Create(title, cancellationToken => FixAndStateDefaultsAsync(context.Document, diagnostic, cancellationToken), EquivalenceKey),
                    diagnostic);
            }
        }

        return Task.CompletedTask;
    }

    private static async Task<Solution> FixAndStateDefaultsAsync(Document document, Diagnostic diagnostic, CancellationToken cancellationToken)
    {
        var fixedDocument = await FixAsync(document, [diagnostic], cancellationToken).ConfigureAwait(false);
        return await StatedDefaultsWriter.ApplyAsync(fixedDocument.Project.Solution, [diagnostic], cancellationToken).ConfigureAwait(false);
    }

    /// <summary>The document with every call <paramref name="diagnostics"/> report rewritten in one pass, and each missing using added once.</summary>
    internal static async Task<Document> FixAsync(Document document, IReadOnlyCollection<Diagnostic> diagnostics, CancellationToken cancellationToken)
    {
        if (await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not CompilationUnitSyntax root
            || await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } model)
        {
            return document;
        }

        var fixes = new Dictionary<InvocationExpressionSyntax, EntryPointFix>();
        foreach (var diagnostic in diagnostics)
        {
            if (EntryPointFix.Read(diagnostic) is { } fix && InvocationAt(root, diagnostic) is { } invocation)
            {
                fixes[invocation] = fix;
            }
        }

        if (fixes.Count == 0)
        {
            return document;
        }

        var fixedRoot = root.ReplaceNodes(fixes.Keys, (original, current) => RefitContextRewrite.Apply(fixes[original], current));
        fixedRoot = MissingUsings.Add(root, fixedRoot, model, fixes.Keys.Select(invocation => invocation.SpanStart).ToList(), s_namespaces);
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
}
