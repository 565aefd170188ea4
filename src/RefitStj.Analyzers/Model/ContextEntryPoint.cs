using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace RefitStj.Analyzers;

/// <summary>
/// One call of a Refit 16 context entry point, as the pairing model reads it: where it is written, what kind it is, its
/// context, fallback and settings arguments, and what the serializer of the settings it adds the context to is.
/// </summary>
internal sealed class ContextEntryPoint
{
    public ContextEntryPoint(
        IInvocationOperation invocation, ContextEntryPointKind kind, IArgumentOperation context, IArgumentOperation? fallback, IArgumentOperation? settings, SerializerValue settingsSerializer)
    {
        Invocation = invocation;
        Kind = kind;
        Context = context;
        Fallback = fallback;
        Settings = settings;
        SettingsSerializer = settingsSerializer;
    }

    public IInvocationOperation Invocation { get; }

    public ContextEntryPointKind Kind { get; }

    /// <summary>The context argument.</summary>
    public IArgumentOperation Context { get; }

    /// <summary>The <c>allowReflectionFallback</c> argument of the bool overloads.</summary>
    public IArgumentOperation? Fallback { get; }

    /// <summary>The <c>settings</c> or <c>settingsAction</c> argument (absent for <c>UseJsonContext</c>, whose settings are the receiver).</summary>
    public IArgumentOperation? Settings { get; }

    /// <summary>
    /// The serializer of the settings the context is added to (the receiver, the settings argument, or what the settings
    /// action returns, lambda or method group); <see cref="SerializerValue.Unknown"/> for the kinds that build Refit's own.
    /// </summary>
    public SerializerValue SettingsSerializer { get; }

    /// <summary>Whether the call builds Refit's own serializer from the context (RSTJ003), rather than adding it to settings.</summary>
    public bool BuildsRefitSerializer => Kind is ContextEntryPointKind.ForGenerated or ContextEntryPointKind.ForJsonContext or ContextEntryPointKind.Registration;

    /// <summary>Whether the call adds the context to settings that certainly hold a RefitStj serializer, and so throws (RSTJ004).</summary>
    public bool Throws => !BuildsRefitSerializer && SettingsSerializer.IsCertainlyRefitStj();

    /// <summary>The context as the message names it: its type, or the expression where that is only <c>JsonSerializerContext</c>.</summary>
    public string ContextName => OperationValues.Unwrap(Context.Value).Type is INamedTypeSymbol { IsAbstract: false } type ? type.Name : Context.Value.Syntax.ToString();

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
}
