using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using RefitStj.Analyzers.Core.FixData;
using RefitStj.Analyzers.Core.Symbols;

namespace RefitStj.Analyzers.CodeFixes.Rules.Refit16Contexts;

/// <summary>
/// The RefitStj form of one Refit 16 context entry point, from the argument positions the analyzer found, applied to the
/// call as earlier rewrites of calls nested in it left it, so that fix-all edits a document in one pass.
/// </summary>
internal static class RefitContextRewrite
{
    /// <summary>The call as RefitStj writes it; <paramref name="current"/> is the original call, or it with nested calls already rewritten.</summary>
    public static ExpressionSyntax Apply(EntryPointFix fix, InvocationExpressionSyntax current)
    {
        var arguments = current.ArgumentList.Arguments;
        var contextArguments = ContextArguments(fix, arguments);
        switch (fix.Kind)
        {
            case ContextEntryPointKind.ForJsonContext:
                return SettingsOverContext(contextArguments).WithTriviaFrom(current);
            case ContextEntryPointKind.UseJsonContext:
                var access = (MemberAccessExpressionSyntax)current.Expression;
                return current.WithExpression(access.WithName(SyntaxFactory.IdentifierName("UseStjJsonContext").WithTriviaFrom(access.Name)));
            case ContextEntryPointKind.ForGenerated or ContextEntryPointKind.Registration:
                return Replace(fix, current, SettingsOverContext(contextArguments), keepSettings: false);
            case ContextEntryPointKind.ForGeneratedWithSettings:
                return Replace(fix, current, UseStjJsonContext(arguments[fix.Settings].Expression, contextArguments), keepSettings: false);
            default:
                var action = arguments[fix.Settings].Expression;
                var returned = EntryPointFix.ReturnedExpression(action)!;
                var withContext = action.ReplaceNode(returned, UseStjJsonContext(returned, contextArguments).WithTriviaFrom(returned));
                return Replace(fix, current, withContext, keepSettings: true);
        }
    }

    /// <summary>The arguments without the context, fallback and settings ones, with <paramref name="replacement"/> where the context (or kept settings) was.</summary>
    private static InvocationExpressionSyntax Replace(EntryPointFix fix, InvocationExpressionSyntax current, ExpressionSyntax replacement, bool keepSettings)
    {
        var arguments = current.ArgumentList.Arguments;
        var kept = new List<ArgumentSyntax>();
        for (var i = 0; i < arguments.Count; i++)
        {
            if (i == fix.Context && !keepSettings)
            {
                kept.Add(SyntaxFactory.Argument(replacement).WithTriviaFrom(arguments[i]));
            }
            else if (i == fix.Settings && keepSettings)
            {
                kept.Add(arguments[i].WithExpression(replacement));
            }
            else if (i != fix.Context && i != fix.Fallback && i != fix.Settings)
            {
                kept.Add(arguments[i]);
            }
        }

        // The file's own separators (and the spaces after them), as many as are left.
        var separators = arguments.GetSeparators().Take(Math.Max(0, kept.Count - 1));
        return current.WithArgumentList(current.ArgumentList.WithArguments(SyntaxFactory.SeparatedList(kept, separators)));
    }

    /// <summary>The context argument and, for the bool overloads, the fallback one, unnamed, as RefitStj's constructor and <c>UseStjJsonContext</c> take them.</summary>
    private static string ContextArguments(EntryPointFix fix, SeparatedSyntaxList<ArgumentSyntax> arguments)
    {
        var context = arguments[fix.Context].Expression.WithoutTrivia().ToFullString();
        return fix.Fallback < 0 ? context : $"{context}, {arguments[fix.Fallback].Expression.WithoutTrivia().ToFullString()}";
    }

    private static ExpressionSyntax SettingsOverContext(string contextArguments) =>
        SyntaxFactory.ParseExpression($"new RefitSettings(new StjContentSerializer({contextArguments}))");

    private static ExpressionSyntax UseStjJsonContext(ExpressionSyntax settings, string contextArguments)
    {
        var receiver = settings.WithoutTrivia();
        var text = receiver is IdentifierNameSyntax or MemberAccessExpressionSyntax or InvocationExpressionSyntax or ObjectCreationExpressionSyntax or ParenthesizedExpressionSyntax or ElementAccessExpressionSyntax or ThisExpressionSyntax
            ? receiver.ToFullString()
            : $"({receiver.ToFullString()})";
        return SyntaxFactory.ParseExpression($"{text}.UseStjJsonContext({contextArguments})");
    }
}
