using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace RefitStj.Analyzers.CodeFixes.Edits;

/// <summary>The usings a rewrite needs where the names it writes are not in scope, each added once after the file's last using.</summary>
internal static class MissingUsings
{
    /// <summary>
    /// <paramref name="fixedRoot"/> with <c>using N;</c> for each (N, T) of <paramref name="names"/> whose type T is not in
    /// scope at some position of <paramref name="positions"/> in the original document (<paramref name="root"/>, <paramref name="model"/>).
    /// </summary>
    public static CompilationUnitSyntax Add(
        CompilationUnitSyntax root, CompilationUnitSyntax fixedRoot, SemanticModel model, IReadOnlyCollection<int> positions, IEnumerable<(string Namespace, string Type)> names)
    {
        // Appended after the file's last using, with the file's own line ending.
        var endOfLine = root.DescendantTrivia().FirstOrDefault(trivia => trivia.IsKind(SyntaxKind.EndOfLineTrivia));
        foreach (var name in names.Where(name => positions.Any(position => !InScope(model, position, name.Namespace, name.Type))))
        {
            var directive = SyntaxFactory.UsingDirective(SyntaxFactory.ParseName(" " + name.Namespace))
                .WithTrailingTrivia(endOfLine == default ? SyntaxFactory.LineFeed : endOfLine);
            fixedRoot = fixedRoot.AddUsings(directive);
        }

        return fixedRoot;
    }

    private static bool InScope(SemanticModel model, int position, string @namespace, string type) =>
        model.LookupNamespacesAndTypes(position, name: type).Any(symbol => symbol.ContainingNamespace?.ToDisplayString() == @namespace);
}
