using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace RefitStj.Analyzers.CodeFixes.Edits;

/// <summary>Adds attribute lists after a declaration's own, one a line at its indentation (or on its line, where its attributes are).</summary>
internal static class AttributeLists
{
    /// <summary><paramref name="declaration"/> with <c>[text]</c> for each of <paramref name="texts"/> after its last attribute list.</summary>
    public static SyntaxNode Append(SyntaxNode declaration, IReadOnlyList<string> texts, SyntaxTrivia endOfLine)
    {
        var existing = Lists(declaration);
        var indentation = Indentation(existing.Count > 0 ? existing[existing.Count - 1].GetLeadingTrivia() : declaration.GetLeadingTrivia());
        var inline = existing.Count > 0 && !existing[existing.Count - 1].GetTrailingTrivia().Any(t => t.IsKind(SyntaxKind.EndOfLineTrivia));
        var added = texts.Select(text => List(text)
            .WithLeadingTrivia(inline ? default : indentation)
            .WithTrailingTrivia(inline ? SyntaxFactory.Space : endOfLine)).ToList();
        if (inline)
        {
            existing = existing.Replace(existing[existing.Count - 1], existing[existing.Count - 1].WithTrailingTrivia(SyntaxFactory.Space));
        }

        if (existing.Count == 0)
        {
            // The declaration's leading trivia (comments, blank lines) goes before the first new list; the declaration keeps its indentation.
            added[0] = added[0].WithLeadingTrivia(declaration.GetLeadingTrivia());
            declaration = declaration.WithLeadingTrivia(indentation);
        }

        return WithLists(declaration, existing.AddRange(added));
    }

    /// <summary><paramref name="member"/> with <c>[text]</c> for each of <paramref name="texts"/> before its name, between <c>#if <paramref name="symbol"/></c> and <c>#endif</c>.</summary>
    public static EnumMemberDeclarationSyntax AppendGuarded(EnumMemberDeclarationSyntax member, IReadOnlyList<string> texts, string symbol, string endOfLine)
    {
        var full = member.ToFullString();
        var at = member.Identifier.SpanStart - member.FullSpan.Start;
        var lineStart = full.LastIndexOf('\n', Math.Max(at - 1, 0)) + 1;
        var before = full.Substring(lineStart, at - lineStart);

        // Only whitespace before it back to a line break, in its own trivia or the previous token's (`A, B` is not).
        var startsLine = lineStart > 0 || member.GetFirstToken().GetPreviousToken().TrailingTrivia.Any(t => t.IsKind(SyntaxKind.EndOfLineTrivia));
        var onItsLine = startsLine && before.Trim().Length == 0;
        var indentation = onItsLine ? before : new string(' ', before.Length - before.TrimStart().Length);
        var block = new System.Text.StringBuilder();
        block.Append(onItsLine ? "" : endOfLine + indentation).Append("#if ").Append(symbol).Append(endOfLine);
        foreach (var text in texts)
        {
            block.Append(indentation).Append('[').Append(text).Append(']').Append(endOfLine);
        }

        block.Append(indentation).Append("#endif").Append(endOfLine).Append(indentation);
        // Parsed with the document's own symbols as well, so a member inside the document's own #if stays active.
        var symbols = (member.SyntaxTree.Options as CSharpParseOptions)?.PreprocessorSymbolNames ?? [];
        var options = CSharpParseOptions.Default.WithPreprocessorSymbols(symbols.Append(symbol));
        var parsed = (EnumDeclarationSyntax)SyntaxFactory.ParseCompilationUnit("enum E {" + endOfLine + (onItsLine ? full.Substring(0, at) : full.Substring(0, at).TrimEnd(' ')) + block + full.Substring(at) + "}", options: options).Members[0];
        return parsed.Members.Count == 1 ? parsed.Members[0] : member;
    }

    // Parsed rather than built, so that no elastic trivia invites the formatter to join or split the lists.
    private static AttributeListSyntax List(string text) =>
        ((MemberDeclarationSyntax)SyntaxFactory.ParseCompilationUnit($"[{text}] class C {{ }}").Members[0]).AttributeLists[0].WithoutTrivia();

    // A /// comment or a directive (#region) is one structured trivia that ends its own line: only the whitespace after
    // it indents the declaration.
    private static SyntaxTriviaList Indentation(SyntaxTriviaList leading)
    {
        var afterLastLine = leading.Reverse()
            .TakeWhile(t => !t.IsKind(SyntaxKind.EndOfLineTrivia) && !t.HasStructure)
            .Reverse().Where(t => t.IsKind(SyntaxKind.WhitespaceTrivia));
        return SyntaxFactory.TriviaList(afterLastLine);
    }

    // Properties, fields, constructors, enums and enum members are member declarations; a record's parameters are not.
    private static SyntaxList<AttributeListSyntax> Lists(SyntaxNode declaration) => declaration switch
    {
        MemberDeclarationSyntax member => member.AttributeLists,
        ParameterSyntax parameter => parameter.AttributeLists,
        _ => default,
    };

    private static SyntaxNode WithLists(SyntaxNode declaration, SyntaxList<AttributeListSyntax> lists) =>
        declaration switch
        {
            MemberDeclarationSyntax member => member.WithAttributeLists(lists),
            ParameterSyntax parameter => parameter.WithAttributeLists(lists),
            _ => declaration,
        };
}
