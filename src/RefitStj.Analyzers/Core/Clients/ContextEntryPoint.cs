using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;
using RefitStj.Analyzers.Core.FixData;
using RefitStj.Analyzers.Core.Symbols;
using RefitStj.Analyzers.Core.Values;

namespace RefitStj.Analyzers.Core.Clients;

/// <summary>
/// One call of a Refit 16 context entry point, as the pairing model reads it: where it is written, what kind it is, how
/// the message names it and its context, what the fix may rewrite, and what the serializer of the settings it adds the
/// context to is. Immutable, and made of symbols, a location and strings only, so that the compilation's end can hold it
/// while a serializer written in another file is settled.
/// </summary>
internal sealed class ContextEntryPoint
{
    private ContextEntryPoint(
        Location location, ContextEntryPointKind kind, string methodName, string contextName, INamedTypeSymbol? attributeContext, ImmutableDictionary<string, string?> fixProperties, SerializerValue settingsSerializer)
    {
        Location = location;
        Kind = kind;
        MethodName = methodName;
        ContextName = contextName;
        AttributeContext = attributeContext;
        FixProperties = fixProperties;
        SettingsSerializer = settingsSerializer;
    }

    /// <summary>The call, where the rules report.</summary>
    public Location Location { get; }

    public ContextEntryPointKind Kind { get; }

    /// <summary>The method as the message names it, e.g. <c>RestService.ForGenerated</c>.</summary>
    public string MethodName { get; }

    /// <summary>The context as the message names it: its type, or the expression where that is only <c>JsonSerializerContext</c>.</summary>
    public string ContextName { get; }

    /// <summary>
    /// The context whose <c>[JsonSourceGenerationOptions]</c> the call runs on (<c>Ctx.Default</c>, <c>new Ctx()</c>, a holder
    /// of one), or <see langword="null"/> (options given to it, or a value not followed): the one RSTJ003's fix may state.
    /// </summary>
    public INamedTypeSymbol? AttributeContext { get; }

    /// <summary>What the fix may rewrite (<see cref="EntryPointFix"/>): empty where it does not rewrite the call's shape.</summary>
    public ImmutableDictionary<string, string?> FixProperties { get; }

    /// <summary>
    /// The serializer of the settings the context is added to (the receiver, the settings argument, or what the settings
    /// action returns, lambda or method group); <see cref="SerializerValue.Unknown"/> for the kinds that build Refit's own.
    /// </summary>
    public SerializerValue SettingsSerializer { get; }

    /// <summary>Whether the call builds Refit's own serializer from the context (RSTJ003), rather than adding it to settings.</summary>
    public bool BuildsRefitSerializer => Kind is ContextEntryPointKind.ForGenerated or ContextEntryPointKind.ForJsonContext or ContextEntryPointKind.Registration;

    /// <summary>Whether the call adds the context to settings that certainly hold a RefitStj serializer, and so throws (RSTJ004).</summary>
    public bool Throws => !BuildsRefitSerializer && SettingsSerializer.IsCertainlyRefitStj();

    /// <summary>The entry point <paramref name="invocation"/> calls, read with its arguments as <see cref="RefitCalls"/> found them.</summary>
    public static ContextEntryPoint Read(
        IInvocationOperation invocation,
        ContextEntryPointKind kind,
        IArgumentOperation context,
        IArgumentOperation? fallback,
        IArgumentOperation? settings,
        SerializerValue settingsSerializer,
        ContextValue? contextValue)
    {
        var method = invocation.TargetMethod;
        var type = method.ContainingType?.ContainingType is { Name: "HttpClientFactoryExtensions" } outer ? outer : method.ContainingType;
        var contextName = OperationValues.Unwrap(context.Value).Type is INamedTypeSymbol { IsAbstract: false } contextType ? contextType.Name : context.Value.Syntax.ToString();
        var attributeContext = contextValue is { AttributeOptions: true, WrittenIn: null } ? contextValue.Type : null;
        return new ContextEntryPoint(
            invocation.Syntax.GetLocation(), kind, $"{type?.Name}.{method.Name}", contextName, attributeContext, EntryPointFix.Properties(invocation, kind, context, fallback, settings), settingsSerializer);
    }

    /// <summary>This entry point with its settings' serializer settled at the compilation's end.</summary>
    public ContextEntryPoint WithSettingsSerializer(SerializerValue settingsSerializer) => new(Location, Kind, MethodName, ContextName, AttributeContext, FixProperties, settingsSerializer);
}
