using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Editing;
using Microsoft.CodeAnalysis.Formatting;
using Microsoft.CodeAnalysis.Simplification;

namespace RefitStj.Analyzers.CodeFixes;

/// <summary>
/// Fixes the RSTJ001 that asks for a <c>SseItemConverter&lt;T&gt;</c>: adds <c>typeof(SseItemConverter&lt;T&gt;)</c> to the
/// context's <c>[JsonSourceGenerationOptions(Converters = ...)]</c>, adding the argument, or the attribute, if absent.
/// </summary>
internal static class AddSseItemConverter
{
    public static CodeAction? ActionFor(Document document, Diagnostic diagnostic)
    {
        if (diagnostic.AdditionalLocations.Count != 1
            || !diagnostic.Properties.TryGetValue(SseItemConverters.ConverterIdProperty, out var converterId) || converterId is null)
        {
            return null;
        }

        var context = diagnostic.AdditionalLocations[0];
        return CodeAction.Create(
            $"Add typeof({diagnostic.Properties[SseItemConverters.ConverterNameProperty]}) to the converters of '{diagnostic.Properties[ContextCoverageAnalyzer.ContextProperty]}'",
            cancellationToken => AddAsync(document.Project.Solution, context, converterId, cancellationToken),
            "RefitStj.AddSseItemConverter." + converterId);
    }

    private static async Task<Solution> AddAsync(Solution solution, Location lastAttribute, string converterId, CancellationToken cancellationToken)
    {
        if (lastAttribute.SourceTree is not { } tree || solution.GetDocument(tree) is not { } document)
        {
            return solution;
        }

        var editor = await DocumentEditor.CreateAsync(document, cancellationToken).ConfigureAwait(false);
        var attribute = editor.OriginalRoot.FindNode(lastAttribute.SourceSpan).FirstAncestorOrSelf<AttributeSyntax>();
        if (attribute?.Parent is not AttributeListSyntax list
            || list.Parent is not TypeDeclarationSyntax declaration
            || DocumentationCommentId.GetFirstSymbolForReferenceId(converterId, editor.SemanticModel.Compilation) is not ITypeSymbol converter)
        {
            return solution;
        }

        var typeOf = SyntaxFactory.TypeOfExpression(
            SyntaxFactory.ParseTypeName(converter.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat)).WithAdditionalAnnotations(Simplifier.Annotation));
        var options = declaration.AttributeLists.SelectMany(l => l.Attributes)
            .FirstOrDefault(a => editor.SemanticModel.GetSymbolInfo(a, cancellationToken).Symbol?.ContainingType?.Name == "JsonSourceGenerationOptionsAttribute");
        if (options is null)
        {
            // Named as the context's [JsonSerializable] is, so it resolves wherever that one does.
            var name = SyntaxFactory.ParseName(attribute.Name.WithoutTrivia().ToString().Replace("JsonSerializable", "JsonSourceGenerationOptions"));
            var added = SyntaxFactory.AttributeList(SyntaxFactory.SingletonSeparatedList(
                    SyntaxFactory.Attribute(name, SyntaxFactory.AttributeArgumentList(SyntaxFactory.SingletonSeparatedList(Converters(typeOf)))).WithAdditionalAnnotations(Formatter.Annotation)))
                .WithLeadingTrivia(list.GetLeadingTrivia().Reverse().TakeWhile(t => t.IsKind(SyntaxKind.WhitespaceTrivia)).Reverse())
                .WithTrailingTrivia(list.GetTrailingTrivia());
            editor.InsertAfter(list, added);
        }
        else if (options.ArgumentList?.Arguments.FirstOrDefault(a => a.NameEquals?.Name.Identifier.Text == "Converters") is { } argument)
        {
            if (WithElement(argument.Expression, typeOf) is not { } expression)
            {
                return solution;
            }

            editor.ReplaceNode(argument.Expression, expression.WithAdditionalAnnotations(Formatter.Annotation));
        }
        else
        {
            var arguments = options.ArgumentList ?? SyntaxFactory.AttributeArgumentList();
            editor.ReplaceNode(options, options.WithArgumentList(arguments.AddArguments(Converters(typeOf))).WithAdditionalAnnotations(Formatter.Annotation));
        }

        var changed = document.WithSyntaxRoot(editor.GetChangedRoot());
        changed = await Simplifier.ReduceAsync(changed, Simplifier.Annotation, cancellationToken: cancellationToken).ConfigureAwait(false);
        return changed.Project.Solution;
    }

    private static AttributeArgumentSyntax Converters(ExpressionSyntax typeOf) =>
        SyntaxFactory.AttributeArgument(
            SyntaxFactory.NameEquals("Converters"),
            null,
            SyntaxFactory.ImplicitArrayCreationExpression(SyntaxFactory.InitializerExpression(
                SyntaxKind.ArrayInitializerExpression, SyntaxFactory.SingletonSeparatedList(typeOf))));

    /// <summary>The array (<c>new[] { ... }</c>, <c>new Type[] { ... }</c>, <c>[...]</c>) with one more element, or <see langword="null"/> for any other shape.</summary>
    private static ExpressionSyntax? WithElement(ExpressionSyntax array, ExpressionSyntax element) => array switch
    {
        ImplicitArrayCreationExpressionSyntax implicitArray => implicitArray.WithInitializer(implicitArray.Initializer.AddExpressions(element)),
        ArrayCreationExpressionSyntax { Initializer: { } initializer } explicitArray => explicitArray.WithInitializer(initializer.AddExpressions(element)),
        CollectionExpressionSyntax collection => collection.AddElements(SyntaxFactory.ExpressionElement(element)),
        _ => null,
    };
}
