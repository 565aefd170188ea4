using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Editing;
using Microsoft.CodeAnalysis.Formatting;
using Microsoft.CodeAnalysis.Simplification;
using RefitStj.Analyzers.Core.Contexts;

namespace RefitStj.Analyzers.CodeFixes.Edits;

/// <summary>Writes Refit's default options into contexts' <c>[JsonSourceGenerationOptions]</c>, adding the attribute where there is none.</summary>
internal static class OptionsAttributeWriter
{
    private const string Namespace = "global::System.Text.Json.Serialization.";

    public static Task<Solution> ApplyAsync(Solution solution, IEnumerable<OptionsEdit> edits, CancellationToken cancellationToken) =>
        ContextAttributeWriter.EditAsync(solution, [], edits, cancellationToken);

    /// <summary>
    /// Records <paramref name="edit"/> in <paramref name="editor"/>: the context's own <c>[JsonSourceGenerationOptions]</c>
    /// extended where the analyzer found it, or one added; both on the node as earlier edits left it, so that edits compose.
    /// </summary>
    public static void Apply(DocumentEditor editor, OptionsEdit edit)
    {
        var model = editor.SemanticModel;
        var target = editor.OriginalRoot.FindNode(edit.Attribute.SourceSpan);
        if (target.FirstAncestorOrSelf<TypeDeclarationSyntax>() is not { AttributeLists.Count: > 0 } declaration)
        {
            return;
        }

        var converters = edit.ConverterIds
            .Select(id => DocumentationCommentId.GetFirstSymbolForReferenceId(id, model.Compilation) as ITypeSymbol)
            .OfType<ITypeSymbol>()
            .Select(type => (ExpressionSyntax)SyntaxFactory.TypeOfExpression(Marked(SyntaxFactory.ParseTypeName(type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat)))))
            .ToList();
        if (edit.ExtendsAttribute && target.FirstAncestorOrSelf<AttributeSyntax>() is { } existing)
        {
            editor.ReplaceNode(existing, (current, _) => Extend((AttributeSyntax)current, edit, converters));
        }
        else
        {
            var created = SyntaxFactory.Attribute(Marked(SyntaxFactory.ParseName(Namespace + "JsonSourceGenerationOptions")));
            editor.ReplaceNode(declaration, (current, _) => Prepend((TypeDeclarationSyntax)current, Extend(created, edit, converters)));
        }
    }

    /// <summary>The edited document with the using directives, short names and layout the added nodes are marked for.</summary>
    public static async Task<Document> CompleteAsync(Document changed, CancellationToken cancellationToken)
    {
        changed = await ImportAdder.AddImportsAsync(changed, Simplifier.AddImportsAnnotation, cancellationToken: cancellationToken).ConfigureAwait(false);
        changed = await Simplifier.ReduceAsync(changed, Simplifier.Annotation, cancellationToken: cancellationToken).ConfigureAwait(false);
        return await Formatter.FormatAsync(changed, Formatter.Annotation, cancellationToken: cancellationToken).ConfigureAwait(false);
    }

    /// <summary>
    /// <paramref name="attribute"/> with each option and converter added after its own arguments, which stay as they are,
    /// and the defaults first where the edit states them and no constructor argument is there.
    /// </summary>
    private static AttributeSyntax Extend(AttributeSyntax attribute, OptionsEdit edit, List<ExpressionSyntax> converters)
    {
        var arguments = attribute.ArgumentList?.Arguments ?? default;
        if (edit.StatesDefaults && !arguments.Any(a => a.NameEquals is null && a.NameColon is null))
        {
            arguments = arguments.Insert(0, SyntaxFactory.AttributeArgument(Name("global::System.Text.Json.JsonSerializerDefaults.General")));
        }

        foreach (var option in edit.Options)
        {
            arguments = arguments.Add(Named(option, option switch
            {
                ContextOptions.PropertyNamingPolicy => Name(Namespace + "JsonKnownNamingPolicy.CamelCase"),
                ContextOptions.PropertyNameCaseInsensitive => SyntaxFactory.LiteralExpression(SyntaxKind.TrueLiteralExpression),
                _ => Name(Namespace + "JsonNumberHandling.AllowReadingFromString"),
            }));
        }

        if (converters.Count > 0)
        {
            var existing = arguments.FirstOrDefault(a => a.NameEquals?.Name.Identifier.ValueText == ContextOptions.Converters);
            arguments = existing is null
                ? arguments.Add(Named(ContextOptions.Converters, SyntaxFactory.ImplicitArrayCreationExpression(SyntaxFactory.InitializerExpression(
                    SyntaxKind.ArrayInitializerExpression, SyntaxFactory.SeparatedList(converters)))))
                : arguments.Replace(existing, existing.WithExpression(Merge(existing.Expression, converters)));
        }

        return attribute.WithArgumentList(SyntaxFactory.AttributeArgumentList(arguments).WithAdditionalAnnotations(Formatter.Annotation));
    }

    /// <summary>The user's converter list with <paramref name="converters"/> appended, in the form it has (<c>new[] { }</c>, <c>new Type[] { }</c> or <c>[ ]</c>).</summary>
    private static ExpressionSyntax Merge(ExpressionSyntax list, List<ExpressionSyntax> converters) => list switch
    {
        ImplicitArrayCreationExpressionSyntax array => array.WithInitializer(array.Initializer.AddExpressions([.. converters])),
        ArrayCreationExpressionSyntax { Initializer: { } initializer } array => array.WithInitializer(initializer.AddExpressions([.. converters])),
        CollectionExpressionSyntax collection => collection.AddElements([.. converters.Select(SyntaxFactory.ExpressionElement)]),
        _ => list,
    };

    /// <summary>
    /// <paramref name="declaration"/> with <c>[<paramref name="attribute"/>]</c> as its first attribute line, which takes over
    /// the first line's leading trivia (a documentation comment stays above both), laid out as the first line.
    /// </summary>
    private static TypeDeclarationSyntax Prepend(TypeDeclarationSyntax declaration, AttributeSyntax attribute)
    {
        var first = declaration.AttributeLists[0];
        var indentation = first.GetLeadingTrivia().Reverse().TakeWhile(t => t.IsKind(SyntaxKind.WhitespaceTrivia)).Reverse();
        var line = SyntaxFactory.AttributeList(SyntaxFactory.SingletonSeparatedList(attribute))
            .WithLeadingTrivia(first.GetLeadingTrivia())
            .WithTrailingTrivia(first.GetTrailingTrivia());
        var lists = declaration.AttributeLists.Replace(first, first.WithLeadingTrivia(indentation)).Insert(0, line);
        return declaration.WithAttributeLists(lists);
    }

    private static AttributeArgumentSyntax Named(string name, ExpressionSyntax value) =>
        SyntaxFactory.AttributeArgument(SyntaxFactory.NameEquals(name), nameColon: null, value);

    /// <summary>A fully qualified name, marked for the simplifier to shorten and for a using directive to be added where it can.</summary>
    private static ExpressionSyntax Name(string qualified) => Marked(SyntaxFactory.ParseExpression(qualified));

    private static T Marked<T>(T node)
        where T : SyntaxNode => node.WithAdditionalAnnotations(Simplifier.Annotation, Simplifier.AddImportsAnnotation);
}
