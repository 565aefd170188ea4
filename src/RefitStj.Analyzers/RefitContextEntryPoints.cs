using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace RefitStj.Analyzers;

/// <summary>How a Refit 16 call takes a <c>JsonSerializerContext</c>.</summary>
internal enum ContextEntryPointKind
{
    /// <summary><c>RestService.ForGenerated&lt;T&gt;(client|url, ctx[, bool])</c>: Refit's own serializer over the context.</summary>
    ForGenerated,

    /// <summary><c>RefitSettings.ForJsonContext(ctx[, bool])</c>: Refit's own serializer over the context.</summary>
    ForJsonContext,

    /// <summary><c>Add(Keyed)RefitGeneratedClient&lt;T&gt;</c> with a context and no settings action (or <c>null</c>): Refit's own serializer.</summary>
    Registration,

    /// <summary><c>settings.UseJsonContext(ctx[, bool])</c>: throws unless the settings' serializer is Refit's own.</summary>
    UseJsonContext,

    /// <summary><c>RestService.ForGenerated&lt;T&gt;(client|url, ctx, settings[, bool])</c>: the settings' <c>UseJsonContext</c>.</summary>
    ForGeneratedWithSettings,

    /// <summary><c>Add(Keyed)RefitGeneratedClient&lt;T&gt;</c> with a context and a settings action: the settings' <c>UseJsonContext</c>.</summary>
    RegistrationWithSettings,
}

/// <summary>
/// One call of a Refit 16 context entry point: where it is written, what kind it is, the context and fallback arguments,
/// and, for the kinds that add the context to settings, the values those settings come from.
/// </summary>
internal sealed class ContextEntryPoint
{
    public ContextEntryPoint(IInvocationOperation invocation, ContextEntryPointKind kind, IArgumentOperation context, IArgumentOperation? fallback, IArgumentOperation? settings, ImmutableArray<IOperation> settingsValues)
    {
        Invocation = invocation;
        Kind = kind;
        Context = context;
        Fallback = fallback;
        Settings = settings;
        SettingsValues = settingsValues;
    }

    public IInvocationOperation Invocation { get; }

    public Location Location => Invocation.Syntax.GetLocation();

    public ContextEntryPointKind Kind { get; }

    /// <summary>The context argument.</summary>
    public IArgumentOperation Context { get; }

    /// <summary>The <c>allowReflectionFallback</c> argument of the bool overloads.</summary>
    public IArgumentOperation? Fallback { get; }

    /// <summary>The <c>settings</c> or <c>settingsAction</c> argument (absent for <c>UseJsonContext</c>, whose settings are the receiver).</summary>
    public IArgumentOperation? Settings { get; }

    /// <summary>The settings the context is added to: the receiver, the settings argument, or the settings action (lambda or method group, which the pairing model follows).</summary>
    public ImmutableArray<IOperation> SettingsValues { get; }

    /// <summary>Whether the call builds Refit's own serializer from the context (RSTJ003), rather than adding it to settings (RSTJ004).</summary>
    public bool BuildsRefitSerializer => Kind is ContextEntryPointKind.ForGenerated or ContextEntryPointKind.ForJsonContext or ContextEntryPointKind.Registration;

    /// <summary>The context's type as written (a context class, or <c>JsonSerializerContext</c> for a value of the base type).</summary>
    public ITypeSymbol? ContextType => Unwrap(Context.Value).Type;

    /// <summary>The context as the message names it: its type, or the expression where that is only <c>JsonSerializerContext</c>.</summary>
    public string ContextName => ContextType is INamedTypeSymbol { IsAbstract: false } type ? type.Name : Context.Value.Syntax.ToString();

    /// <summary>The method as the message names it, e.g. <c>RestService.ForGenerated</c>.</summary>
    public string MethodName
    {
        get
        {
            var method = Invocation.TargetMethod;
            var type = method.ContainingType?.ContainingType is { Name: "HttpClientFactoryExtensions" } outer ? outer : method.ContainingType;
            return $"{type?.Name}.{method.Name}";
        }
    }

    internal static IOperation Unwrap(IOperation operation)
    {
        while (operation is IConversionOperation { OperatorMethod: null } conversion)
        {
            operation = conversion.Operand;
        }

        return operation;
    }
}

/// <summary>
/// Recognizes the calls by which Refit 16 builds its own serializer from a <c>JsonSerializerContext</c>, or adds one to
/// settings (the overloads are the same in Refit 16.3.0 and 16.4.0), and asks the pairing model, through one adapter,
/// whether settings certainly hold RefitStj's serializer.
/// </summary>
internal static class RefitContextEntryPoints
{
    private static readonly ImmutableHashSet<string> s_registrations = ImmutableHashSet.Create(StringComparer.Ordinal, "AddRefitGeneratedClient", "AddKeyedRefitGeneratedClient");

    /// <summary>The entry point <paramref name="invocation"/> calls, or <see langword="null"/> for any other call.</summary>
    public static ContextEntryPoint? Find(IInvocationOperation invocation, KnownSymbols known)
    {
        var method = invocation.TargetMethod;
        if (Argument(invocation, p => KnownSymbols.Is(p.Type, known.JsonSerializerContext)) is not { } context)
        {
            return null;
        }

        var fallback = Argument(invocation, p => p.Name == "allowReflectionFallback" && p.Type.SpecialType == SpecialType.System_Boolean);
        if (KnownSymbols.Is(method.ContainingType, known.RestService) && method.Name == "ForGenerated")
        {
            return Argument(invocation, p => KnownSymbols.Is(p.Type, known.RefitSettings)) is { } settings
                ? new ContextEntryPoint(invocation, ContextEntryPointKind.ForGeneratedWithSettings, context, fallback, settings, ImmutableArray.Create(settings.Value))
                : new ContextEntryPoint(invocation, ContextEntryPointKind.ForGenerated, context, fallback, null, ImmutableArray<IOperation>.Empty);
        }

        if (KnownSymbols.Is(method.ContainingType, known.RefitSettings))
        {
            return method switch
            {
                { IsStatic: true, Name: "ForJsonContext" } => new ContextEntryPoint(invocation, ContextEntryPointKind.ForJsonContext, context, fallback, null, ImmutableArray<IOperation>.Empty),
                { IsStatic: false, Name: "UseJsonContext" } when invocation.Instance is { } receiver => new ContextEntryPoint(invocation, ContextEntryPointKind.UseJsonContext, context, fallback, null, ImmutableArray.Create(receiver)),
                _ => null,
            };
        }

        if (!IsRegistration(method))
        {
            return null;
        }

        var action = Argument(invocation, p => p.Name == "settingsAction");
        return action is null || ContextEntryPoint.Unwrap(action.Value) is ILiteralOperation or IDefaultValueOperation
            ? new ContextEntryPoint(invocation, ContextEntryPointKind.Registration, context, fallback, action, ImmutableArray<IOperation>.Empty)
            : new ContextEntryPoint(invocation, ContextEntryPointKind.RegistrationWithSettings, context, fallback, action, ImmutableArray.Create(action.Value));
    }

    /// <summary>
    /// Whether the settings certainly hold a RefitStj serializer: the one place this rule asks the pairing model, which
    /// answers no where the flow cannot be followed.
    /// </summary>
    public static bool HoldsRefitStjSerializer(IOperation settings, PairingModel model) => model.SerializerOf(settings).IsCertainlyRefitStj();

    /// <summary>Whether every settings value the call adds the context to certainly holds a RefitStj serializer, so the call throws.</summary>
    public static bool Throws(ContextEntryPoint entryPoint, PairingModel model) =>
        !entryPoint.BuildsRefitSerializer
        && !entryPoint.SettingsValues.IsEmpty
        && entryPoint.SettingsValues.All(value => HoldsRefitStjSerializer(value, model));

    // Refit.HttpClientFactory's extensions, also as C# 14 extension blocks (nested in the static class).
    private static bool IsRegistration(IMethodSymbol method) =>
        s_registrations.Contains(method.Name)
        && (method.ContainingType is { Name: "HttpClientFactoryExtensions" } || method.ContainingType?.ContainingType is { Name: "HttpClientFactoryExtensions" })
        && method.ContainingNamespace?.ToDisplayString() is "Refit" or "Microsoft.Extensions.DependencyInjection";

    private static IArgumentOperation? Argument(IInvocationOperation invocation, Func<IParameterSymbol, bool> parameter)
    {
        foreach (var argument in invocation.Arguments)
        {
            if (argument.Parameter is { } symbol && parameter(symbol))
            {
                return argument;
            }
        }

        return null;
    }
}
