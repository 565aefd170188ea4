using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;
using RefitStj.Analyzers.Core.Symbols;

namespace RefitStj.Analyzers.Core.FixData;

/// <summary>
/// What the RSTJ003/RSTJ004 fix needs to rewrite a call, decided by the analyzer where the call binds and handed over as
/// diagnostic properties (through <see cref="FixProperties"/>): the fix then edits syntax alone, so it works where the
/// document's compilation lacks the generator's output (the context's <c>Default</c> then binds to nothing).
/// </summary>
internal sealed class EntryPointFix
{
    private EntryPointFix(ContextEntryPointKind kind, int context, int fallback, int settings)
    {
        Kind = kind;
        Context = context;
        Fallback = fallback;
        Settings = settings;
    }

    public ContextEntryPointKind Kind { get; }

    /// <summary>The position of the context argument in the call's argument list.</summary>
    public int Context { get; }

    /// <summary>The position of the <c>allowReflectionFallback</c> argument, or -1.</summary>
    public int Fallback { get; }

    /// <summary>The position of the settings or settings action argument, or -1.</summary>
    public int Settings { get; }

    /// <summary>The properties of the entry point's diagnostic: empty where the fix does not rewrite its shape.</summary>
    public static ImmutableDictionary<string, string?> Properties(
        IInvocationOperation call, ContextEntryPointKind kind, IArgumentOperation contextArgument, IArgumentOperation? fallbackArgument, IArgumentOperation? settingsArgument)
    {
        var empty = ImmutableDictionary<string, string?>.Empty;
        if (call.Syntax is not InvocationExpressionSyntax invocation)
        {
            return empty;
        }

        var arguments = invocation.ArgumentList.Arguments;
        var context = Index(arguments, contextArgument);
        var fallback = fallbackArgument is null ? -1 : Index(arguments, fallbackArgument);
        var settings = settingsArgument is null ? -1 : Index(arguments, settingsArgument);
        var fixable = context >= 0 && (fallbackArgument is null || fallback >= 0) && kind switch
        {
            ContextEntryPointKind.UseJsonContext => invocation.Expression is MemberAccessExpressionSyntax,
            ContextEntryPointKind.ForGeneratedWithSettings => settings >= 0,

            // The context moves into the lambda, where it is read at each resolve: only a plain name keeps its meaning.
            ContextEntryPointKind.RegistrationWithSettings => settings >= 0 && ReturnedExpression(arguments[settings].Expression) is not null && IsPlainName(arguments[context].Expression),
            _ => settingsArgument is null || settings >= 0,
        };
        return fixable ? FixProperties.EntryPoint(kind, context, fallback, settings) : empty;
    }

    /// <summary>The fix a diagnostic carries, or <see langword="null"/> when it carries none.</summary>
    public static EntryPointFix? Read(Diagnostic diagnostic) =>
        FixProperties.EntryPointOf(diagnostic) is var (kind, context, fallback, settings) ? new EntryPointFix(kind, context, fallback, settings) : null;

    /// <summary>The one value a settings lambda returns: its expression body, or the return of a block whose only return is its own last statement.</summary>
    public static ExpressionSyntax? ReturnedExpression(ExpressionSyntax action) => action switch
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
