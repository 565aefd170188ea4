using System.Collections.Immutable;
using System.Composition;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using RefitStj.Analyzers.CodeFixes.Edits;
using RefitStj.Analyzers.CodeFixes.FixAll;
using RefitStj.Analyzers.Rules;
using RefitStj.Analyzers.Rules.JsonNet;

namespace RefitStj.Analyzers.CodeFixes.Rules.JsonNet;

/// <summary>
/// Fixes RSTJ007 by adding the System.Text.Json attributes the diagnostic carries (<see cref="JsonNetTwin"/>) after the
/// attributes of the member (or type, or enum member) JSON.NET's attribute is on; JSON.NET's attribute stays. Names are
/// written short where they bind to System.Text.Json's types, with <c>using System.Text.Json.Serialization;</c> added
/// where the file does not import JSON.NET's namespace, and fully qualified where it does (both define <c>JsonIgnore</c>,
/// <c>JsonConverter</c>, <c>JsonRequired</c>, <c>JsonConstructor</c> and <c>JsonExtensionData</c>).
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(JsonNetTwinsCodeFix))]
[Shared]
public sealed class JsonNetTwinsCodeFix : CodeFixProvider
{
    /// <summary>One key for every RSTJ007 fix, so that fix-all gathers them.</summary>
    internal const string EquivalenceKey = "RefitStj.JsonNetTwins";

    private static readonly DocumentFixAll s_fixAll = new("Add the System.Text.Json twin of every JSON.NET attribute", EquivalenceKey, FixAsync);

    /// <inheritdoc/>
    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(Descriptors.Rstj007);

    /// <inheritdoc/>
    public override FixAllProvider GetFixAllProvider() => s_fixAll;

    /// <inheritdoc/>
    public override async Task RegisterCodeFixesAsync(CodeFixContext context)
    {
        var root = await context.Document.GetSyntaxRootAsync(context.CancellationToken).ConfigureAwait(false);
        foreach (var diagnostic in context.Diagnostics)
        {
            if (root is not null && JsonNetTwin.Of(diagnostic).Count > 0 && TargetOf(root, diagnostic) is not null)
            {
                context.RegisterCodeFix(
                    CodeAction.Create("Add the System.Text.Json twin beside the JSON.NET attribute", cancellationToken => FixAsync(context.Document, [diagnostic], cancellationToken), EquivalenceKey),
                    diagnostic);
            }
        }
    }

    /// <summary>The document with the twins of every diagnostic added, each once per declaration, and the using added once where it may be.</summary>
    internal static async Task<Document> FixAsync(Document document, IReadOnlyCollection<Diagnostic> diagnostics, CancellationToken cancellationToken)
    {
        if (await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not CompilationUnitSyntax root
            || await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } model)
        {
            return document;
        }

        // Each declaration's attributes to add, in the order the diagnostics ask for them, each once.
        var additions = new Dictionary<SyntaxNode, List<string>>();
        var guarded = new Dictionary<SyntaxNode, List<string>>();
        var names = new JsonNetTwinNames(model);

        // JsonStringEnumMemberName is in the framework from .NET 9: where this target has it through the framework, another
        // target of the same project (net8.0) may not, and its analyzer never sees this one: the attribute goes under #if.
        var guard = document.Project.ParseOptions?.PreprocessorSymbolNames.Contains("NET9_0_OR_GREATER") == true;
        foreach (var diagnostic in diagnostics.OrderBy(d => d.Location.SourceSpan.Start))
        {
            if (TargetOf(root, diagnostic) is not { } target)
            {
                continue;
            }

            foreach (var twin in JsonNetTwin.Of(diagnostic))
            {
                // A twin for one member of the declaration reported: an enum's member, or a [DataContract] type's property.
                var declaration = (twin.Member, target) switch
                {
                    ({ } member, EnumDeclarationSyntax enumDeclaration) => enumDeclaration.Members.FirstOrDefault(m => m.Identifier.ValueText == member),
                    ({ } member, TypeDeclarationSyntax type) => type.Members.OfType<PropertyDeclarationSyntax>().FirstOrDefault(p => p.Identifier.ValueText == member && p.ExplicitInterfaceSpecifier is null),
                    _ => target,
                };
                if (declaration is null)
                {
                    continue;
                }

                // A record's positional parameter: its attributes reach the property through the 'property:' target.
                var text = (declaration is ParameterSyntax ? "property: " : "") + twin.Text(name => names.Write(name, declaration.SpanStart), EnumNameAt(target, model));
                var into = guard && twin.Kind == JsonNetTwinKind.MemberName && declaration is EnumMemberDeclarationSyntax ? guarded : additions;
                if (!into.TryGetValue(declaration, out var texts))
                {
                    into[declaration] = texts = [];
                }

                if (!texts.Contains(text, StringComparer.Ordinal))
                {
                    texts.Add(text);
                }
            }
        }

        if (additions.Count == 0 && guarded.Count == 0)
        {
            return document;
        }

        var endOfLine = root.DescendantTrivia().FirstOrDefault(trivia => trivia.IsKind(SyntaxKind.EndOfLineTrivia));
        var eol = endOfLine == default ? SyntaxFactory.LineFeed : endOfLine;
        var fixedRoot = root.ReplaceNodes(additions.Keys.Concat(guarded.Keys).Distinct(), (original, current) =>
        {
            var added = additions.TryGetValue(original, out var texts) ? AttributeLists.Append(current, texts, eol) : current;
            return guarded.TryGetValue(original, out var guardedTexts) ? AttributeLists.AppendGuarded((EnumMemberDeclarationSyntax)added, guardedTexts, "NET9_0_OR_GREATER", eol.ToFullString()) : added;
        });
        fixedRoot = MissingUsings.Add(root, fixedRoot, model, names.ShortWithUsing, [("System.Text.Json.Serialization", "JsonIgnoreAttribute")]);
        return document.WithSyntaxRoot(fixedRoot);
    }

    /// <summary>The declaration the reported attribute is on: a property, field, constructor, enum, enum member, a record's positional parameter, or a type.</summary>
    private static SyntaxNode? TargetOf(SyntaxNode root, Diagnostic diagnostic)
    {
        var span = diagnostic.Location.SourceSpan;
        if (!diagnostic.Location.IsInSource || !root.FullSpan.Contains(span))
        {
            return null;
        }

        return root.FindNode(span, getInnermostNodeForTie: true).AncestorsAndSelf()
            .FirstOrDefault(node => node is AttributeListSyntax)?.Parent is { } declaration
            && declaration is PropertyDeclarationSyntax or FieldDeclarationSyntax or ConstructorDeclarationSyntax or EnumDeclarationSyntax or EnumMemberDeclarationSyntax
                or ParameterSyntax { Parent.Parent: RecordDeclarationSyntax } or TypeDeclarationSyntax
                ? declaration
                : null;
    }

    /// <summary>The enum an enum converter names, as written at the declaration: the enum itself, or the member's type without the <c>Nullable&lt;T&gt;</c> around it.</summary>
    private static string EnumNameAt(SyntaxNode target, SemanticModel model)
    {
        var written = target switch
        {
            EnumDeclarationSyntax enumDeclaration => null,
            PropertyDeclarationSyntax property => property.Type,
            FieldDeclarationSyntax field => field.Declaration.Type,
            ParameterSyntax parameter => parameter.Type,
            _ => null,
        };
        if (written is null)
        {
            return target is EnumDeclarationSyntax declared ? declared.Identifier.ValueText : "";
        }

        // T?, Nullable<T> and System.Nullable<T> as the file spells them; an alias of a Nullable<T>, named from its symbol.
        if (model.GetTypeInfo(written).Type is not INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T } nullable)
        {
            return written.ToString();
        }

        var generic = written switch
        {
            GenericNameSyntax name => name,
            QualifiedNameSyntax { Right: GenericNameSyntax name } => name,
            AliasQualifiedNameSyntax { Name: GenericNameSyntax name } => name,
            _ => null,
        };
        return written is NullableTypeSyntax { ElementType: var element } ? element.ToString()
            : generic?.TypeArgumentList.Arguments is { Count: 1 } arguments ? arguments[0].ToString()
            : nullable.TypeArguments[0].ToMinimalDisplayString(model, written.SpanStart);
    }
}
