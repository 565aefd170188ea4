using Microsoft.CodeAnalysis;
using RefitStj.Analyzers.CodeFixes.Edits;
using RefitStj.Analyzers.Core.FixData;

namespace RefitStj.Analyzers.CodeFixes.Rules.Refit16Contexts;

/// <summary>
/// After RSTJ003's rewrite: states <c>JsonSerializerDefaults.General</c> on each context the diagnostics name
/// (<see cref="FixProperties.StatesDefaultsOf"/>), the format Refit's <c>ForContext</c> sent over it, so that RSTJ002 takes
/// it for the user's own on <c>new StjContentSerializer(context)</c> and no other fix changes the wire.
/// </summary>
internal static class StatedDefaultsWriter
{
    private const string OptionsAttribute = "System.Text.Json.Serialization.JsonSourceGenerationOptionsAttribute";
    private const string SerializableAttribute = "System.Text.Json.Serialization.JsonSerializableAttribute";

    public static async Task<Solution> ApplyAsync(Solution solution, IEnumerable<Diagnostic> diagnostics, CancellationToken cancellationToken)
    {
        // One edit per declaration: two projects may each declare a context of the same name; a file built twice (multi-targeting) is edited once.
        var edits = new Dictionary<(string? Path, int Start), OptionsEdit>();
        var looked = new HashSet<(ProjectId, string)>();
        foreach (var diagnostic in diagnostics)
        {
            if (FixProperties.StatesDefaultsOf(diagnostic) is not { } contextId || diagnostic.Location.SourceTree is not { } tree
                || solution.GetDocumentIdsWithFilePath(tree.FilePath).FirstOrDefault() is not { } documentId || !looked.Add((documentId.ProjectId, contextId))
                || await solution.GetProject(documentId.ProjectId)!.GetCompilationAsync(cancellationToken).ConfigureAwait(false) is not { } compilation)
            {
                continue;
            }

            // Looked up again in the rewritten solution: the rewrite may have moved the context's attributes in its file.
            if (DocumentationCommentId.GetFirstSymbolForDeclarationId(contextId, compilation) is INamedTypeSymbol context && EditOf(context) is { } edit)
            {
                var declaration = (edit.Attribute.SourceTree?.FilePath, edit.Attribute.SourceSpan.Start);
                if (!edits.ContainsKey(declaration))
                {
                    edits.Add(declaration, edit);
                }
            }
        }

        return edits.Count == 0 ? solution : await OptionsAttributeWriter.ApplyAsync(solution, edits.Values, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>The edit of the context's <c>[JsonSourceGenerationOptions]</c>, or of its declaration beside its last <c>[JsonSerializable]</c>.</summary>
    private static OptionsEdit? EditOf(INamedTypeSymbol context)
    {
        var attributes = context.GetAttributes();
        var options = attributes.FirstOrDefault(a => a.AttributeClass?.ToDisplayString() == OptionsAttribute);
        var target = options ?? attributes.LastOrDefault(a => a.AttributeClass?.ToDisplayString() == SerializableAttribute);
        return target?.ApplicationSyntaxReference is { } reference
            ? new OptionsEdit(Location.Create(reference.SyntaxTree, reference.Span), extendsAttribute: options is not null, [], [], statesDefaults: true)
            : null;
    }
}
