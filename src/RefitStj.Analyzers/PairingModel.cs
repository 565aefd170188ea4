using System.Collections.Concurrent;
using System.Collections.Immutable;
using System.Runtime.CompilerServices;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace RefitStj.Analyzers;

/// <summary>
/// The pairing model of one compilation: for each call that creates a Refit client, what its serializer is, found once
/// and read by every rule. Values are followed through locals, fields, properties, <c>?:</c>, <c>??</c>, switch
/// expressions, declaration patterns, settings lambdas and helper methods of the compilation (<see cref="ValueFlow"/>);
/// where the flow cannot be followed the value is <see cref="SerializerKind.Unknown"/> and no rule speaks.
/// </summary>
internal sealed class PairingModel
{
    // Deep enough for a helper that returns a field set from another helper; a cycle ends here as Unknown.
    private const int MaxDepth = 12;

    private static readonly ConditionalWeakTable<Compilation, PairingModel> s_models = new();
    private static readonly ImmutableHashSet<string> s_restServiceFactories = ImmutableHashSet.Create(StringComparer.Ordinal, "For", "ForGenerated");
    private static readonly ImmutableHashSet<string> s_registrations = ImmutableHashSet.Create(
        StringComparer.Ordinal, "AddRefitClient", "AddRefitGeneratedClient", "AddKeyedRefitClient", "AddKeyedRefitGeneratedClient");

    private readonly KnownSymbols _known;
    private readonly ValueFlow _flow;
    private readonly INamedTypeSymbol? _refitSerializer;
    private readonly ConcurrentDictionary<SyntaxNode, ClientCreation?> _creations = new();

    private PairingModel(KnownSymbols known)
    {
        _known = known;
        _flow = new ValueFlow(known.Compilation);
        _refitSerializer = known.Compilation.GetTypeByMetadataName("Refit.SystemTextJsonContentSerializer");
    }

    /// <summary>The compilation's one model: every analyzer of the compilation reads the same creations.</summary>
    public static PairingModel For(KnownSymbols known) => s_models.GetValue(known.Compilation, _ => new PairingModel(known));

    /// <summary>
    /// The client <paramref name="invocation"/> creates, or <see langword="null"/> when it creates none with a known
    /// interface; kept per call (factory calls only), so that a second analyzer reading the model finds it made.
    /// </summary>
    public ClientCreation? CreationOf(IInvocationOperation invocation) =>
        IsFactoryCall(invocation) ? _creations.GetOrAdd(invocation.Syntax, _ => Create(invocation)) : null;

    /// <summary>Every client creation read so far: at the compilation's end, all of them.</summary>
    public IEnumerable<ClientCreation> Creations => _creations.Values.OfType<ClientCreation>();

    /// <summary>What the serializer of a settings, serializer or settings action (lambda or method group) operation is.</summary>
    public SerializerValue SerializerOf(IOperation value) =>
        KnownSymbols.Is(value.Type, _known.RefitSettings) || IsSettingsFactory(value.Type) ? Settings(value, 0) : Serializer(value, 0);

    private ClientCreation? Create(IInvocationOperation invocation)
    {
        if (invocation.TargetMethod.TypeArguments.Length != 1
            || invocation.TargetMethod.TypeArguments[0] is not INamedTypeSymbol { TypeKind: TypeKind.Interface } api)
        {
            return null;
        }

        IOperation? settings = null;
        IOperation? context = null;
        IOperation? fallback = null;
        foreach (var argument in invocation.Arguments)
        {
            var type = argument.Parameter?.Type;
            if (KnownSymbols.Is(type, _known.RefitSettings) || IsSettingsFactory(type))
            {
                settings = argument.ArgumentKind == ArgumentKind.DefaultValue ? null : argument.Value;
            }
            else if (KnownSymbols.Is(type, _known.JsonSerializerContext))
            {
                context = argument.Value;
            }
            else if (argument.Parameter?.Name == "allowReflectionFallback")
            {
                fallback = argument.Value;
            }
        }

        var serializer = settings is null ? RefitDefault(invocation) : Settings(settings, 0);
        if (context is not null)
        {
            var generated = KnownSymbols.Is(invocation.TargetMethod.ContainingType, _known.RestService);
            serializer = settings is null
                ? OverContext(SerializerKind.RefitOverContext, invocation, context, fallback, 0, generated ? RefitEntryPoint.ForGenerated : RefitEntryPoint.AddRefitGeneratedClient)
                : OverContext(SerializerKind.RefitOverContext, invocation, context, fallback, 0, generated ? RefitEntryPoint.ForGeneratedWithSettings : RefitEntryPoint.AddRefitGeneratedClientWithSettings, serializer);
        }

        return new ClientCreation(invocation, api, serializer);
    }

    private bool IsFactoryCall(IInvocationOperation invocation)
    {
        var method = invocation.TargetMethod;
        if (KnownSymbols.Is(method.ContainingType, _known.RestService))
        {
            return s_restServiceFactories.Contains(method.Name);
        }

        // Refit.HttpClientFactory's extensions, also as C# 14 extension blocks (nested in the static class).
        return s_registrations.Contains(method.Name)
            && (method.ContainingType is { Name: "HttpClientFactoryExtensions" } || method.ContainingType?.ContainingType is { Name: "HttpClientFactoryExtensions" })
            && method.ContainingNamespace?.ToDisplayString() is "Refit" or "Microsoft.Extensions.DependencyInjection";
    }

    /// <summary><c>Func&lt;IServiceProvider, RefitSettings?&gt;</c>: Refit.HttpClientFactory's settings action.</summary>
    private bool IsSettingsFactory(ITypeSymbol? type) =>
        type is INamedTypeSymbol { TypeKind: TypeKind.Delegate, DelegateInvokeMethod: { } invoke } && KnownSymbols.Is(invoke.ReturnType, _known.RefitSettings);

    private static SerializerValue RefitDefault(IOperation source) => new(SerializerKind.RefitOwn, source, null);

    /// <summary>The serializer of a <c>RefitSettings</c> value (or of a settings action: what its body returns).</summary>
    private SerializerValue Settings(IOperation value, int depth)
    {
        value = OperationValues.Unwrap(value);
        if (depth > MaxDepth)
        {
            return SerializerValue.Unknown;
        }

        switch (value)
        {
            case IDelegateCreationOperation { Target: IAnonymousFunctionOperation lambda }:
                return ValueFlow.Returns(lambda.Body) is { } returned ? SerializerValue.Choose(value, returned.Select(r => Settings(r, depth + 1))) : SerializerValue.Unknown;
            case IDelegateCreationOperation { Target: IMethodReferenceOperation { Method: var method } }:
                return _flow.Returns(method) is { } results ? SerializerValue.Choose(value, results.Select(r => Settings(r, depth + 1))) : SerializerValue.Unknown;
            case ILiteralOperation { ConstantValue: { HasValue: true, Value: null } } or IDefaultValueOperation:
                return RefitDefault(value);
            case IObjectCreationOperation creation when KnownSymbols.Is(creation.Type, _known.RefitSettings):
                return OperationValues.SerializerGivenTo(creation) is { } serializer ? Serializer(serializer, depth + 1) : RefitDefault(value);
            case IInvocationOperation invocation when KnownSymbols.Is(invocation.TargetMethod.ContainingType, _known.RefitSettings) && invocation.TargetMethod.Name == "ForJsonContext":
                return OverContext(SerializerKind.RefitOverContext, invocation, ContextArgument(invocation), FallbackArgument(invocation), depth, RefitEntryPoint.ForJsonContext);
            case IInvocationOperation { Instance: { } settings } invocation when KnownSymbols.Is(invocation.TargetMethod.ContainingType, _known.RefitSettings) && invocation.TargetMethod.Name == "UseJsonContext":
                return OverContext(SerializerKind.RefitOverContext, invocation, ContextArgument(invocation), FallbackArgument(invocation), depth, RefitEntryPoint.UseJsonContext, Settings(settings, depth + 1));
            case IInvocationOperation invocation when invocation.TargetMethod is { Name: "UseStjJsonContext", ContainingType.Name: "StjRefitSettingsExtensions", Parameters.Length: >= 2 }:
                return new SerializerValue(SerializerKind.StjGivenOptions, invocation, ContextOf(ContextArgument(invocation), depth)?.Type) { Base = SettingsArgument(invocation) is { } given ? Settings(given, depth + 1) : SerializerValue.Unknown };
            default:
                return Follow(value, depth, Settings, settings: true);
        }
    }

    /// <summary>What a serializer value is.</summary>
    private SerializerValue Serializer(IOperation value, int depth)
    {
        value = OperationValues.Unwrap(value);
        if (depth > MaxDepth)
        {
            return SerializerValue.Unknown;
        }

        switch (value)
        {
            case IObjectCreationOperation { Constructor: { } constructor } creation when KnownSymbols.Is(creation.Type, _known.StjContentSerializer):
                if (constructor.Parameters.Length == 0)
                {
                    return new SerializerValue(SerializerKind.StjReflection, value, null);
                }

                return KnownSymbols.Is(constructor.Parameters[0].Type, _known.JsonSerializerContext)
                    ? OverContext(SerializerKind.StjOverContext, value, creation.Arguments[0].Value, null, depth, RefitEntryPoint.None)
                    : new SerializerValue(SerializerKind.StjGivenOptions, value, null);
            case IObjectCreationOperation creation when creation.Type?.ContainingNamespace?.ToDisplayString() == "Refit":
                return RefitDefault(value);
            case IInvocationOperation invocation when KnownSymbols.Is(invocation.TargetMethod.ContainingType, _known.StjContentSerializer):
                return invocation.TargetMethod.Name switch
                {
                    "ForContext" when invocation.TargetMethod.IsStatic => OverContext(SerializerKind.StjOverContext, invocation, ContextArgument(invocation), FallbackArgument(invocation), depth, RefitEntryPoint.None, chosen: true),
                    "WithContext" when invocation.Instance is { } instance => new SerializerValue(SerializerKind.StjGivenOptions, invocation, ContextOf(ContextArgument(invocation), depth)?.Type) { Base = Serializer(instance, depth + 1) },
                    "CreateWithResolver" => new SerializerValue(SerializerKind.StjGivenOptions, invocation, null),
                    _ => Follow(value, depth, Serializer, settings: false),
                };
            case IInvocationOperation invocation when KnownSymbols.Is(invocation.TargetMethod.ContainingType, _refitSerializer) && invocation.TargetMethod.Name == "ForContext":
                return OverContext(SerializerKind.RefitOverContext, invocation, ContextArgument(invocation), FallbackArgument(invocation), depth, RefitEntryPoint.SerializerForContext);
            default:
                var followed = Follow(value, depth, Serializer, settings: false);

                // Its type still says it is RefitStj's, though not over what.
                return followed.Kind == SerializerKind.Unknown && KnownSymbols.DerivesFrom(value.Type, _known.StjContentSerializer)
                    ? new SerializerValue(SerializerKind.StjUnfollowed, value, null)
                    : followed;
        }
    }

    /// <summary>A serializer over the context <paramref name="context"/> evaluates to, or <see cref="SerializerValue.Unknown"/>.</summary>
    private SerializerValue OverContext(
        SerializerKind kind, IOperation source, IOperation? context, IOperation? fallback, int depth, RefitEntryPoint entryPoint, SerializerValue? baseValue = null, bool chosen = false)
    {
        if (context is null || ContextOf(context, depth) is not { } found)
        {
            return SerializerValue.Unknown;
        }

        return new SerializerValue(kind, source, found.Type)
        {
            ContextHasAttributeOptions = found.AttributeOptions,
            IsChosenFormat = chosen,
            MayFallBack = fallback is not null && OperationValues.Unwrap(fallback).ConstantValue is not { HasValue: true, Value: false },
            EntryPoint = entryPoint,
            Base = baseValue,
        };
    }

    /// <summary>
    /// The context type a value is, and whether the instance has its attribute's options: <c>Ctx.Default</c> and
    /// <c>new Ctx()</c> do, <c>new Ctx(options)</c> has the options given. Followed through locals and members written once.
    /// </summary>
    private (INamedTypeSymbol Type, bool AttributeOptions)? ContextOf(IOperation? value, int depth)
    {
        if (value is null || depth > MaxDepth)
        {
            return null;
        }

        value = OperationValues.Unwrap(value);
        (INamedTypeSymbol, bool)? found = value switch
        {
            IPropertyReferenceOperation { Property: { IsStatic: true, Name: "Default" }, Type: INamedTypeSymbol type } => (type, true),
            IObjectCreationOperation { Type: INamedTypeSymbol type } creation => (type, creation.Arguments.All(a => a.ArgumentKind == ArgumentKind.DefaultValue || OperationValues.Unwrap(a.Value).ConstantValue is { HasValue: true, Value: null })),
            ILocalReferenceOperation { Local: var local } => Single(ValueFlow.OfLocal(local, value)) is { } written ? ContextOf(written, depth + 1) : null,
            IFieldReferenceOperation or IPropertyReferenceOperation when Single(MemberWrites(((IMemberReferenceOperation)value).Member)) is { } written => ContextOf(written, depth + 1),
            _ => null,
        };
        return found is { } result && KnownSymbols.DerivesFrom(result.Item1.BaseType, _known.JsonSerializerContext) ? found : null;

        // A context's Options read anywhere could be changed before the serializer takes them: then it is not followed.
        static IOperation? Single(ValueFlow.Writes writes) =>
            writes.Reads.Any(r => r.Parent is IPropertyReferenceOperation { Property.Name: "Options" }) ? null : writes.Single;
    }

    /// <summary>The value behind a conditional, a coalesce, a switch, a local, a field, a property or a helper call, through <paramref name="evaluate"/>.</summary>
    private SerializerValue Follow(IOperation value, int depth, Func<IOperation, int, SerializerValue> evaluate, bool settings)
    {
        var next = depth + 1;
        switch (value)
        {
            case IConditionalOperation { WhenFalse: { } whenFalse } conditional:
                return SerializerValue.Choose(value, [evaluate(conditional.WhenTrue, next), evaluate(whenFalse, next)]);
            case ICoalesceOperation coalesce:
                return SerializerValue.Choose(value, [evaluate(coalesce.Value, next), evaluate(coalesce.WhenNull, next)]);
            case ICoalesceAssignmentOperation assignment:
                return SerializerValue.Choose(value, [evaluate(assignment.Target, next), evaluate(assignment.Value, next)]);
            case ISwitchExpressionOperation switchExpression:
                return SerializerValue.Choose(value, switchExpression.Arms.Select(arm => evaluate(arm.Value, next)));
            case ILocalReferenceOperation { Local: var local }:
                return Written(ValueFlow.OfLocal(local, value), next, evaluate, settings);
            case IPropertyReferenceOperation { Property: var property } when !ValueFlow.IsAutoProperty(property):
                return property.GetMethod is { } getter && _flow.Returns(getter) is { } returned
                    ? SerializerValue.Choose(value, returned.Select(r => evaluate(r, next)))
                    : SerializerValue.Unknown;
            case IFieldReferenceOperation or IPropertyReferenceOperation:
                return Written(MemberWrites(((IMemberReferenceOperation)value).Member), next, evaluate, settings);
            case IInvocationOperation { TargetMethod: var method } when method.Locations.Any(l => l.IsInSource):
                return _flow.Returns(method) is { } results ? SerializerValue.Choose(value, results.Select(r => evaluate(r, next))) : SerializerValue.Unknown;
            default:
                return SerializerValue.Unknown;
        }
    }

    private ValueFlow.Writes MemberWrites(ISymbol member) => _flow.OfMember(member);

    /// <summary>The value written once, when no read of a settings holder lets other code change its serializer.</summary>
    private SerializerValue Written(ValueFlow.Writes writes, int depth, Func<IOperation, int, SerializerValue> evaluate, bool settings) =>
        writes.Single is { } written && (!settings || writes.Reads.All(IsHarmlessSettingsRead)) ? evaluate(written, depth) : SerializerValue.Unknown;

    /// <summary>
    /// A settings holder may be read, have other properties set, be passed to Refit's factories and flow into another
    /// value; its <c>ContentSerializer</c> set, a method called on it or passing it to other code could change the serializer.
    /// </summary>
    private bool IsHarmlessSettingsRead(IOperation reference)
    {
        var use = reference;
        while (use.Parent is IConversionOperation)
        {
            use = use.Parent;
        }

        return use.Parent switch
        {
            IArgumentOperation { Parent: IInvocationOperation invocation, Parameter.Type: var type } => IsFactoryCall(invocation) && KnownSymbols.Is(type, _known.RefitSettings),
            IArgumentOperation => false,
            IPropertyReferenceOperation { Property.Name: var name } property => name != "ContentSerializer" || property.Parent is not IAssignmentOperation assignment || assignment.Target != property,
            // Refit's UseJsonContext keeps a RefitStj serializer (it throws) and Refit's own stays Refit's: the kind is unchanged.
            IInvocationOperation { TargetMethod.Name: "UseJsonContext" } call when KnownSymbols.Is(call.TargetMethod.ContainingType, _known.RefitSettings) => true,
            IInvocationOperation or IConditionalAccessOperation => false,
            _ => true,
        };
    }

    private IOperation? ContextArgument(IInvocationOperation invocation) => OperationValues.ArgumentOf(invocation, p => KnownSymbols.Is(p.Type, _known.JsonSerializerContext));

    private IOperation? SettingsArgument(IInvocationOperation invocation) => OperationValues.ArgumentOf(invocation, p => KnownSymbols.Is(p.Type, _known.RefitSettings));

    private static IOperation? FallbackArgument(IInvocationOperation invocation) => OperationValues.ArgumentOf(invocation, p => p.Name == "allowReflectionFallback");
}
