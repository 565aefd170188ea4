using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace RefitStj.Analyzers.Core.Symbols;

/// <summary>
/// Recognizes Refit's calls, once for every rule: those that create a client (<c>RestService.For</c>, <c>ForGenerated</c>,
/// Refit.HttpClientFactory's registrations) and Refit 16's context entry points (the overloads are the same in Refit
/// 16.3.0 and 16.4.0), with their context, fallback and settings arguments found by parameter.
/// </summary>
internal sealed class RefitCalls
{
    private static readonly ImmutableHashSet<string> s_restServiceFactories = ImmutableHashSet.Create(StringComparer.Ordinal, "For", "ForGenerated");
    private static readonly ImmutableHashSet<string> s_registrations = ImmutableHashSet.Create(
        StringComparer.Ordinal, "AddRefitClient", "AddRefitGeneratedClient", "AddKeyedRefitClient", "AddKeyedRefitGeneratedClient");

    private readonly KnownSymbols _known;

    public RefitCalls(KnownSymbols known) => _known = known;

    /// <summary>Whether the call creates a Refit client: <c>RestService.For</c>/<c>ForGenerated</c> or a registration.</summary>
    public bool IsFactoryCall(IInvocationOperation invocation)
    {
        var method = invocation.TargetMethod;
        return KnownSymbols.Is(method.ContainingType, _known.RestService) ? s_restServiceFactories.Contains(method.Name) : IsRegistration(method);
    }

    /// <summary>
    /// The kind of Refit 16 context entry point <paramref name="invocation"/> calls and its arguments, or <see langword="null"/>
    /// for any other call; <c>SettingsValue</c> is the value the context is added to, for the kinds that add one.
    /// </summary>
    public (ContextEntryPointKind Kind, IArgumentOperation Context, IArgumentOperation? Fallback, IArgumentOperation? Settings, IOperation? SettingsValue)? EntryPointOf(IInvocationOperation invocation)
    {
        var method = invocation.TargetMethod;
        if (ContextArgument(invocation) is not { } context)
        {
            return null;
        }

        var fallback = FallbackArgument(invocation);
        if (KnownSymbols.Is(method.ContainingType, _known.RestService) && method.Name == "ForGenerated")
        {
            return SettingsArgument(invocation) is { } settings
                ? (ContextEntryPointKind.ForGeneratedWithSettings, context, fallback, settings, settings.Value)
                : (ContextEntryPointKind.ForGenerated, context, fallback, null, null);
        }

        if (IsForJsonContext(invocation))
        {
            return (ContextEntryPointKind.ForJsonContext, context, fallback, null, null);
        }

        if (IsUseJsonContext(invocation))
        {
            return (ContextEntryPointKind.UseJsonContext, context, fallback, null, invocation.Instance);
        }

        if (KnownSymbols.Is(method.ContainingType, _known.RefitSettings))
        {
            return null;
        }

        if (!IsRegistration(method) || !method.Name.Contains("Generated"))
        {
            return null;
        }

        var action = SettingsActionArgument(invocation);
        return action is null || OperationValues.Unwrap(action.Value) is ILiteralOperation or IDefaultValueOperation
            ? (ContextEntryPointKind.Registration, context, fallback, action, null)
            : (ContextEntryPointKind.RegistrationWithSettings, context, fallback, action, action.Value);
    }

    /// <summary>Whether the call is Refit's static <c>RefitSettings.ForJsonContext</c>, which builds settings over Refit's own serializer.</summary>
    public bool IsForJsonContext(IInvocationOperation invocation) =>
        invocation.TargetMethod is { IsStatic: true, Name: "ForJsonContext" } && KnownSymbols.Is(invocation.TargetMethod.ContainingType, _known.RefitSettings);

    /// <summary>Whether the call is Refit's <c>settings.UseJsonContext(...)</c>, which adds a context to the settings it is called on.</summary>
    public bool IsUseJsonContext(IInvocationOperation invocation) =>
        invocation is { TargetMethod: { IsStatic: false, Name: "UseJsonContext" }, Instance: not null } && KnownSymbols.Is(invocation.TargetMethod.ContainingType, _known.RefitSettings);

    public IArgumentOperation? ContextArgument(IInvocationOperation invocation) => OperationValues.Argument(invocation, p => KnownSymbols.Is(p.Type, _known.JsonSerializerContext));

    public IArgumentOperation? SettingsArgument(IInvocationOperation invocation) => OperationValues.Argument(invocation, p => KnownSymbols.Is(p.Type, _known.RefitSettings));

    /// <summary>The registrations' settings action: the argument of Refit.HttpClientFactory's <c>Func&lt;IServiceProvider, RefitSettings?&gt;</c>.</summary>
    public IArgumentOperation? SettingsActionArgument(IInvocationOperation invocation) => OperationValues.Argument(invocation, p => IsSettingsAction(p.Type));

    /// <summary>Whether a type is a settings action: a delegate that returns <c>RefitSettings</c>.</summary>
    public bool IsSettingsAction(ITypeSymbol? type) =>
        type is INamedTypeSymbol { TypeKind: TypeKind.Delegate, DelegateInvokeMethod: { } invoke } && KnownSymbols.Is(invoke.ReturnType, _known.RefitSettings);

    public static IArgumentOperation? FallbackArgument(IInvocationOperation invocation) =>
        OperationValues.Argument(invocation, p => p.Name == "allowReflectionFallback" && p.Type.SpecialType == SpecialType.System_Boolean);

    // Refit.HttpClientFactory's extensions, also as C# 14 extension blocks (nested in the static class).
    private bool IsRegistration(IMethodSymbol method) =>
        s_registrations.Contains(method.Name)
        && (method.ContainingType?.ContainingType ?? method.ContainingType) is { } type
        && KnownSymbols.IsOneOf(type, _known.HttpClientFactoryExtensions);
}
