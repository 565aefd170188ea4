using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Editing;
using Microsoft.CodeAnalysis.Simplification;

namespace RefitStj.Analyzers.CodeFixes.Edits;

/// <summary>
/// Adds <c>[JsonSerializable(typeof(X))]</c> lines to contexts, each after the context's last one, in its style; and edits
/// their options (<see cref="OptionsAttributeWriter"/>) in the same pass, so that one fix can do both to one context.
/// </summary>
internal static class ContextAttributeWriter
{
    public static Task<Solution> AddAsync(Solution solution, IEnumerable<ContextEdit> edits, CancellationToken cancellationToken) =>
        EditAsync(solution, edits, [], cancellationToken);

    /// <summary>Every edit of a document through one editor (spans of the original tree stay valid), the document then completed once.</summary>
    public static async Task<Solution> EditAsync(Solution solution, IEnumerable<ContextEdit> edits, IEnumerable<OptionsEdit> options, CancellationToken cancellationToken)
    {
        var byTree = edits.Select(edit => (Tree: edit.LastAttribute.SourceTree, Context: (ContextEdit?)edit, Options: (OptionsEdit?)null))
            .Concat(options.Select(edit => (Tree: edit.Attribute.SourceTree, Context: (ContextEdit?)null, Options: (OptionsEdit?)edit)))
            .GroupBy(edit => edit.Tree);
        foreach (var byDocument in byTree)
        {
            if (byDocument.Key is null || solution.GetDocument(byDocument.Key) is not { } document)
            {
                continue;
            }

            var editor = await DocumentEditor.CreateAsync(document, cancellationToken).ConfigureAwait(false);

            // The lines first: an options edit may then replace the whole declaration, as these lines left it.
            foreach (var edit in byDocument.Select(e => e.Context).OfType<ContextEdit>())
            {
                Add(editor, edit);
            }

            foreach (var edit in byDocument.Select(e => e.Options).OfType<OptionsEdit>())
            {
                OptionsAttributeWriter.Apply(editor, edit);
            }

            var changed = await OptionsAttributeWriter.CompleteAsync(document.WithSyntaxRoot(editor.GetChangedRoot()), cancellationToken).ConfigureAwait(false);
            solution = changed.Project.Solution;
        }

        return solution;
    }

    private static void Add(DocumentEditor editor, ContextEdit edit)
    {
        var attribute = editor.OriginalRoot.FindNode(edit.LastAttribute.SourceSpan).FirstAncestorOrSelf<AttributeSyntax>();
        if (attribute?.Parent is not AttributeListSyntax list)
        {
            return;
        }

        var types = edit.TypeIds
            .Select(id => DocumentationCommentId.GetFirstSymbolForReferenceId(id, editor.SemanticModel.Compilation) as ITypeSymbol)
            .OfType<ITypeSymbol>();
        editor.InsertAfter(list, types.Select(type => Declare(type, attribute.Name, list)));
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
