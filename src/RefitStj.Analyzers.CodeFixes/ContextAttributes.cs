using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Editing;
using Microsoft.CodeAnalysis.Simplification;

namespace RefitStj.Analyzers.CodeFixes;

/// <summary>One context to extend: its last <c>[JsonSerializable]</c> attribute, and the types to declare after it, in order.</summary>
internal sealed class ContextEdit
{
    public ContextEdit(Location lastAttribute, IReadOnlyList<string> typeIds)
    {
        LastAttribute = lastAttribute;
        TypeIds = typeIds;
    }

    public Location LastAttribute { get; }

    /// <summary>Documentation IDs of the types (<c>DocumentationCommentId.CreateReferenceId</c>).</summary>
    public IReadOnlyList<string> TypeIds { get; }
}

/// <summary>Adds <c>[JsonSerializable(typeof(X))]</c> lines to contexts, each after the context's last one, in its style.</summary>
internal static class ContextAttributes
{
    public static async Task<Solution> AddAsync(Solution solution, IEnumerable<ContextEdit> edits, CancellationToken cancellationToken)
    {
        foreach (var byDocument in edits.GroupBy(e => e.LastAttribute.SourceTree))
        {
            if (byDocument.Key is null || solution.GetDocument(byDocument.Key) is not { } document)
            {
                continue;
            }

            var editor = await DocumentEditor.CreateAsync(document, cancellationToken).ConfigureAwait(false);
            var compilation = editor.SemanticModel.Compilation;
            foreach (var edit in byDocument)
            {
                var attribute = editor.OriginalRoot.FindNode(edit.LastAttribute.SourceSpan).FirstAncestorOrSelf<AttributeSyntax>();
                if (attribute?.Parent is not AttributeListSyntax list)
                {
                    continue;
                }

                var types = edit.TypeIds
                    .Select(id => DocumentationCommentId.GetFirstSymbolForReferenceId(id, compilation) as ITypeSymbol)
                    .Where(type => type is not null);
                editor.InsertAfter(list, types.Select(type => Declare(type!, attribute.Name, list)));
            }

            solution = solution.WithDocumentSyntaxRoot(document.Id, editor.GetChangedRoot());
            var changed = solution.GetDocument(document.Id)!;
            changed = await Simplifier.ReduceAsync(changed, Simplifier.Annotation, cancellationToken: cancellationToken).ConfigureAwait(false);
            solution = changed.Project.Solution;
        }

        return solution;
    }

    /// <summary>A new attribute list that names the attribute as <paramref name="name"/> does, laid out as <paramref name="after"/> is.</summary>
    private static AttributeListSyntax Declare(ITypeSymbol type, NameSyntax name, AttributeListSyntax after)
    {
        var typeSyntax = SyntaxFactory.ParseTypeName(type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat)).WithAdditionalAnnotations(Simplifier.Annotation);
        var attribute = SyntaxFactory.Attribute(name.WithoutTrivia(), SyntaxFactory.AttributeArgumentList(
            SyntaxFactory.SingletonSeparatedList(SyntaxFactory.AttributeArgument(SyntaxFactory.TypeOfExpression(typeSyntax)))));

        // The line before's indentation only (its leading trivia may hold a documentation comment), and its line ending.
        var trailing = after.GetTrailingTrivia();
        var indentation = trailing.Any(t => t.IsKind(SyntaxKind.EndOfLineTrivia))
            ? after.GetLeadingTrivia().Reverse().TakeWhile(t => t.IsKind(SyntaxKind.WhitespaceTrivia)).Reverse()
            : [];
        return SyntaxFactory.AttributeList(SyntaxFactory.SingletonSeparatedList(attribute))
            .WithLeadingTrivia(indentation)
            .WithTrailingTrivia(trailing);
    }
}
