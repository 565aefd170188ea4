using System.Collections.Immutable;
using System.Composition;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using RefitStj.Analyzers.CodeFixes.Edits;
using RefitStj.Analyzers.CodeFixes.FixAll;
using RefitStj.Analyzers.Core.FixData;
using RefitStj.Analyzers.Rules;

namespace RefitStj.Analyzers.CodeFixes.Rules.QueryConversion;

/// <summary>
/// Fixes RSTJ005 by writing RefitStj's <c>StjQueryConverter&lt;T&gt;</c> where Refit's <c>SystemTextJsonQueryConverter&lt;T&gt;</c>
/// is named, with the same type argument: <c>RefitStj.StjQueryConverter&lt;T&gt;</c> where the name was qualified, else the
/// short name and <c>using RefitStj;</c> where it is not in scope.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(QueryConverterCodeFix))]
[Shared]
public sealed class QueryConverterCodeFix : CodeFixProvider
{
    /// <summary>One key for every RSTJ005 fix, so that fix-all gathers them.</summary>
    internal const string EquivalenceKey = "RefitStj.QueryConverter";

    private const string Converter = "StjQueryConverter";

    private static readonly (string Namespace, string Type)[] s_namespaces = [("RefitStj", Converter)];

    private static readonly DocumentFixAll s_fixAll = new("Flatten every query parameter with StjQueryConverter<T>", EquivalenceKey, FixAsync);

    /// <inheritdoc/>
    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(Descriptors.Rstj005);

    /// <inheritdoc/>
    public override FixAllProvider GetFixAllProvider() => s_fixAll;

    /// <inheritdoc/>
    public override async Task RegisterCodeFixesAsync(CodeFixContext context)
    {
        var root = await context.Document.GetSyntaxRootAsync(context.CancellationToken).ConfigureAwait(false);
        foreach (var diagnostic in context.Diagnostics)
        {
            if (root is not null && ConverterAt(root, diagnostic) is not null)
            {
                context.RegisterCodeFix(
                    CodeAction.Create("Use StjQueryConverter<T>", cancellationToken => FixAsync(context.Document, [diagnostic], cancellationToken), EquivalenceKey),
                    diagnostic);
            }
        }
    }

    /// <summary>The document with every converter <paramref name="diagnostics"/> report replaced, and the using added once where needed.</summary>
    internal static async Task<Document> FixAsync(Document document, IReadOnlyCollection<Diagnostic> diagnostics, CancellationToken cancellationToken)
    {
        if (await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not CompilationUnitSyntax root
            || await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } model)
        {
            return document;
        }

        var converters = diagnostics.Select(diagnostic => ConverterAt(root, diagnostic)).OfType<TypeSyntax>().Distinct().ToList();
        if (converters.Count == 0)
        {
            return document;
        }

        var fixedRoot = root.ReplaceNodes(converters, (_, current) => Replacement(current));
        var unqualified = converters.Where(converter => converter is GenericNameSyntax).Select(converter => converter.SpanStart).ToList();
        fixedRoot = MissingUsings.Add(root, fixedRoot, model, unqualified, s_namespaces);
        return document.WithSyntaxRoot(fixedRoot);
    }

    /// <summary><c>StjQueryConverter&lt;T&gt;</c> in the form the original was written: short, or qualified by <c>RefitStj</c> (and its alias, if any).</summary>
    private static TypeSyntax Replacement(TypeSyntax converter)
    {
        switch (converter)
        {
            case GenericNameSyntax generic:
                return generic.WithIdentifier(SyntaxFactory.Identifier(Converter).WithTriviaFrom(generic.Identifier));
            case QualifiedNameSyntax { Right: GenericNameSyntax generic } qualified:
                var prefix = Root(qualified) is AliasQualifiedNameSyntax alias ? $"{alias.Alias}::" : "";
                return SyntaxFactory.ParseTypeName($"{prefix}RefitStj.{Converter}{generic.TypeArgumentList}").WithTriviaFrom(converter);
            case AliasQualifiedNameSyntax { Name: GenericNameSyntax generic } aliased:
                return SyntaxFactory.ParseTypeName($"{aliased.Alias}::RefitStj.{Converter}{generic.TypeArgumentList}").WithTriviaFrom(converter);
            default:
                return converter;
        }
    }

    private static NameSyntax Root(QualifiedNameSyntax name) => name.Left is QualifiedNameSyntax left ? Root(left) : name.Left;

    private static TypeSyntax? ConverterAt(SyntaxNode root, Diagnostic diagnostic)
    {
        var span = diagnostic.Location.SourceSpan;
        if (!FixProperties.ReplacesQueryConverter(diagnostic) || !diagnostic.Location.IsInSource || !root.FullSpan.Contains(span))
        {
            return null;
        }

        return root.FindNode(span, getInnermostNodeForTie: true).AncestorsAndSelf().OfType<TypeSyntax>()
            .FirstOrDefault(type => type.Span == span && type is GenericNameSyntax or QualifiedNameSyntax or AliasQualifiedNameSyntax);
    }
}
