using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace RefitStj.Analyzers.CodeFixes;

/// <summary>
/// The RefitStj form of one Refit 16 context entry point, planned on the original call (argument positions) and applied
/// to the call as earlier rewrites of calls nested in it left it, so that fix-all edits a document in one pass.
/// </summary>
internal sealed class RefitContextRewrite
{
    private readonly ContextEntryPointKind _kind;
    private readonly int _context;
    private readonly int _fallback;
    private readonly int _settings;

    private RefitContextRewrite(ContextEntryPointKind kind, int context, int fallback, int settings)
    {
        _kind = kind;
        _context = context;
        _fallback = fallback;
        _settings = settings;
    }

    /// <summary>The rewrite of <paramref name="invocation"/>, or <see langword="null"/> when it is no entry point or has a shape the fix does not rewrite.</summary>
    public static RefitContextRewrite? Plan(InvocationExpressionSyntax invocation, SemanticModel model, CancellationToken cancellationToken)
    {
        if (KnownSymbols.Create(model.Compilation) is not { } known
            || model.GetOperation(invocation, cancellationToken) is not IInvocationOperation operation
            || RefitContextEntryPoints.Find(operation, known) is not { } entryPoint)
        {
            return null;
        }

        var arguments = invocation.ArgumentList.Arguments;
        var context = Index(arguments, entryPoint.Context);
        var fallback = entryPoint.Fallback is null ? -1 : Index(arguments, entryPoint.Fallback);
        var settings = entryPoint.Settings is null ? -1 : Index(arguments, entryPoint.Settings);
        var shapeKnown = entryPoint.Kind switch
        {
            ContextEntryPointKind.UseJsonContext => invocation.Expression is MemberAccessExpressionSyntax,
            ContextEntryPointKind.ForGeneratedWithSettings => settings >= 0,

            // The context moves into the lambda, where it is read at each resolve: only a plain name or member keeps its meaning.
            ContextEntryPointKind.RegistrationWithSettings => settings >= 0 && ReturnedExpression(arguments[settings].Expression) is not null && IsPlainName(arguments[context].Expression),
            _ => true,
        };
        return context < 0 || (entryPoint.Fallback is not null && fallback < 0) || !shapeKnown
            ? null
            : new RefitContextRewrite(entryPoint.Kind, context, fallback, settings);
    }

    /// <summary>The call as RefitStj writes it; <paramref name="current"/> is the original call, or it with nested calls already rewritten.</summary>
    public ExpressionSyntax Apply(InvocationExpressionSyntax current)
    {
        var arguments = current.ArgumentList.Arguments;
        var contextArguments = ContextArguments(arguments);
        switch (_kind)
        {
            case ContextEntryPointKind.ForJsonContext:
                return SettingsOverContext(contextArguments).WithTriviaFrom(current);
            case ContextEntryPointKind.UseJsonContext:
                var access = (MemberAccessExpressionSyntax)current.Expression;
                return current.WithExpression(access.WithName(SyntaxFactory.IdentifierName("UseStjJsonContext").WithTriviaFrom(access.Name)));
            case ContextEntryPointKind.ForGenerated or ContextEntryPointKind.Registration:
                return Replace(current, SettingsOverContext(contextArguments));
            case ContextEntryPointKind.ForGeneratedWithSettings:
                return Replace(current, UseStjJsonContext(arguments[_settings].Expression, contextArguments));
            default:
                var action = arguments[_settings].Expression;
                var returned = ReturnedExpression(action)!;
                var withContext = action.ReplaceNode(returned, UseStjJsonContext(returned, contextArguments).WithTriviaFrom(returned));
                return Replace(current, withContext, keepSettings: true);
        }
    }

    /// <summary>The arguments without the context, fallback and settings ones, with <paramref name="replacement"/> where the context was.</summary>
    private InvocationExpressionSyntax Replace(InvocationExpressionSyntax current, ExpressionSyntax replacement, bool keepSettings = false)
    {
        var arguments = current.ArgumentList.Arguments;
        var kept = new List<ArgumentSyntax>();
        for (var i = 0; i < arguments.Count; i++)
        {
            if (i == _context && !keepSettings)
            {
                kept.Add(SyntaxFactory.Argument(replacement).WithTriviaFrom(arguments[i]));
            }
            else if (i == _settings && keepSettings)
            {
                kept.Add(arguments[i].WithExpression(replacement));
            }
            else if (i != _context && i != _fallback && i != _settings)
            {
                kept.Add(arguments[i]);
            }
        }

        return current.WithArgumentList(current.ArgumentList.WithArguments(SyntaxFactory.SeparatedList(kept)));
    }

    /// <summary>The context argument and, for the bool overloads, the fallback one, unnamed, as <c>ForContext</c> and <c>UseStjJsonContext</c> take them.</summary>
    private string ContextArguments(SeparatedSyntaxList<ArgumentSyntax> arguments)
    {
        var context = arguments[_context].Expression.WithoutTrivia().ToFullString();
        return _fallback < 0 ? context : $"{context}, {arguments[_fallback].Expression.WithoutTrivia().ToFullString()}";
    }

    private static ExpressionSyntax SettingsOverContext(string contextArguments) =>
        SyntaxFactory.ParseExpression($"new RefitSettings(StjContentSerializer.ForContext({contextArguments}))");

    private static ExpressionSyntax UseStjJsonContext(ExpressionSyntax settings, string contextArguments)
    {
        var receiver = settings.WithoutTrivia();
        var text = receiver is IdentifierNameSyntax or MemberAccessExpressionSyntax or InvocationExpressionSyntax or ObjectCreationExpressionSyntax or ParenthesizedExpressionSyntax or ElementAccessExpressionSyntax or ThisExpressionSyntax
            ? receiver.ToFullString()
            : $"({receiver.ToFullString()})";
        return SyntaxFactory.ParseExpression($"{text}.UseStjJsonContext({contextArguments})");
    }

    /// <summary>The one value a settings lambda returns: its expression body, or the return of a block whose only return is its own last statement.</summary>
    private static ExpressionSyntax? ReturnedExpression(ExpressionSyntax action) => action switch
    {
        LambdaExpressionSyntax { ExpressionBody: { } body } => body,
        LambdaExpressionSyntax { Block: { } block }
            when block.Statements.LastOrDefault() is ReturnStatementSyntax { Expression: { } value }
                && block.DescendantNodes(node => node is not AnonymousFunctionExpressionSyntax and not LocalFunctionStatementSyntax).OfType<ReturnStatementSyntax>().Count() == 1 => value,
        _ => null,
    };

    private static bool IsPlainName(ExpressionSyntax expression) => expression switch
    {
        IdentifierNameSyntax => true,
        MemberAccessExpressionSyntax { Expression: var inner } => IsPlainName(inner),
        AliasQualifiedNameSyntax or QualifiedNameSyntax => true,
        _ => false,
    };

    private static int Index(SeparatedSyntaxList<ArgumentSyntax> arguments, IArgumentOperation argument) =>
        argument.Syntax is ArgumentSyntax syntax ? arguments.IndexOf(syntax) : -1;
}
