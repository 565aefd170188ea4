using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace RefitStj.Analyzers;

/// <summary>
/// The pairing model of one compilation: for each call that creates a Refit client, what its serializer is, found once
/// and read by every rule. Values are followed through locals, fields, properties, <c>?:</c>, <c>??</c>, switch
/// expressions, declaration patterns, settings lambdas and helper methods of the compilation (<see cref="WrittenValues"/>);
/// where the flow cannot be followed the value is <see cref="SerializerKind.Unknown"/> and no rule speaks.
/// </summary>
/// <remarks>
/// Lifetime: one model per compilation, made at its start. It keeps no value of any call: <see cref="CreationOf"/> and
/// <see cref="EntryPointOf"/> read a call when its callback asks and return an immutable value the same whenever asked;
/// the facts about symbols (<c>PairingModel.Contexts.cs</c>) are memoised functions of those symbols.
/// </remarks>
internal sealed partial class PairingModel
{
    // Deep enough for a helper that returns a field set from another helper; a cycle ends here as Unknown.
    private const int MaxDepth = 12;

    // Refit's own serializer, wherever the code does not say otherwise: one value for all of them.
    private static readonly SerializerValue s_refitOwn = new(SerializerKind.RefitOwn);

    private readonly KnownSymbols _known;
    private readonly RefitCalls _calls;
    private readonly WrittenValues _flow;
    private readonly SettingsEscape _escape;

    /// <summary>The model of the compilation <paramref name="known"/> was resolved in, made once at its start.</summary>
    public PairingModel(KnownSymbols known)
    {
        _known = known;
        _calls = new RefitCalls(known);
        _flow = new WrittenValues(known.Compilation);
        _escape = new SettingsEscape(known, _calls);
        _adaptedReturnTypes = new(() => ReturnTypeAdapters.AdaptedReturnTypes(known).ToImmutableHashSet<INamedTypeSymbol>(SymbolEqualityComparer.Default));
        _concreteTypes = new(() => RuntimeBodyTypes.ConcreteSourceTypes(known.Compilation).ToImmutableArray());
        _objectValueTypes = new(() => RuntimeBodyTypes.ObjectValueTypes(known).ToImmutableArray());
    }

    /// <summary>
    /// The client <paramref name="invocation"/> creates, or <see langword="null"/> when it creates none with a known
    /// interface: read from the call and what its values are written with, the same whenever it is asked.
    /// </summary>
    public ClientCreation? CreationOf(IInvocationOperation invocation) => _calls.IsFactoryCall(invocation) ? Create(invocation) : null;

    /// <summary>
    /// The Refit 16 context entry point <paramref name="invocation"/> calls, with the serializer of the settings it adds the
    /// context to (RSTJ003 and RSTJ004 read it), or <see langword="null"/> for any other call.
    /// </summary>
    public ContextEntryPoint? EntryPointOf(IInvocationOperation invocation) =>
        _calls.EntryPointOf(invocation) is var (kind, context, fallback, settings, settingsValue)
            ? new ContextEntryPoint(invocation, kind, context, fallback, settings, settingsValue is null ? SerializerValue.Unknown : SerializerOf(settingsValue))
            : null;

    /// <summary>What the serializer of a settings, serializer or settings action (lambda or method group) operation is.</summary>
    public SerializerValue SerializerOf(IOperation value) =>
        KnownSymbols.Is(value.Type, _known.RefitSettings) || _calls.IsSettingsAction(value.Type) ? Settings(value, 0) : Serializer(value, 0);

    private ClientCreation? Create(IInvocationOperation invocation)
    {
        if (ApiOf(invocation) is not { } api)
        {
            return null;
        }

        // The arguments as RefitCalls recognises them for every rule: settings (or a settings action), context, fallback.
        var settings = Written(_calls.SettingsArgument(invocation) ?? _calls.SettingsActionArgument(invocation));
        var context = _calls.ContextArgument(invocation)?.Value;
        var fallback = RefitCalls.FallbackArgument(invocation)?.Value;

        // Refit 16's entry points over a context run on Refit's own serializer, or throw where the settings are RefitStj's.
        var serializer = settings is null ? s_refitOwn : Settings(settings, 0);
        if (context is not null)
        {
            serializer = OverContext(SerializerKind.RefitOverContext, context, fallback, 0);
        }

        return new ClientCreation(invocation.Syntax.GetLocation(), api, serializer);
    }

    /// <summary>
    /// The interface a factory call makes a client of: its type argument (<c>For&lt;T&gt;</c>), a <c>typeof(T)</c> given as its
    /// <c>Type</c> (<c>For(typeof(T), ...)</c>), or a type parameter of a generic method around it (a wrapper), which each call
    /// of the wrapper closes (<see cref="ClientCreation.ThroughWrapper"/>).
    /// </summary>
    private static ITypeSymbol? ApiOf(IInvocationOperation invocation)
    {
        var typeArguments = invocation.TargetMethod.TypeArguments;
        if (typeArguments.Length == 1)
        {
            return typeArguments[0] is INamedTypeSymbol { TypeKind: TypeKind.Interface } or ITypeParameterSymbol { TypeParameterKind: TypeParameterKind.Method } ? typeArguments[0] : null;
        }

        var type = OperationValues.Argument(invocation, p => p.Type is { Name: "Type", ContainingNamespace: { Name: "System", ContainingNamespace.IsGlobalNamespace: true } });
        return type is { ArgumentKind: ArgumentKind.Explicit } && OperationValues.Unwrap(type.Value) is ITypeOfOperation { TypeOperand: INamedTypeSymbol { TypeKind: TypeKind.Interface } api } ? api : null;
    }

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
                return WrittenValues.Returns(lambda.Body) is { } returned ? SerializerValue.Choose(returned.Select(r => Settings(r, depth + 1))) : SerializerValue.Unknown;
            case IDelegateCreationOperation { Target: IMethodReferenceOperation { Method: var method } }:
                return _flow.Returns(method) is { } results ? SerializerValue.Choose(results.Select(r => Settings(r, depth + 1))) : SerializerValue.Unknown;
            case ILiteralOperation { ConstantValue: { HasValue: true, Value: null } } or IDefaultValueOperation:
                return s_refitOwn;
            case IObjectCreationOperation creation when KnownSymbols.Is(creation.Type, _known.RefitSettings):
                return OperationValues.SerializerGivenTo(creation) is { } serializer ? Serializer(serializer, depth + 1) : s_refitOwn;
            case IInvocationOperation invocation when _calls.IsForJsonContext(invocation) || _calls.IsUseJsonContext(invocation):
                return OverContext(SerializerKind.RefitOverContext, ContextArgument(invocation), FallbackArgument(invocation), depth);
            case IInvocationOperation invocation when invocation.TargetMethod is { Name: "UseStjJsonContext", Parameters.Length: >= 2 } && KnownSymbols.Is(invocation.TargetMethod.ContainingType, _known.StjRefitSettingsExtensions):
                return new SerializerValue(SerializerKind.StjGivenOptions);
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
                    return new SerializerValue(SerializerKind.StjReflection);
                }

                return KnownSymbols.Is(constructor.Parameters[0].Type, _known.JsonSerializerContext)
                    ? OverContext(SerializerKind.StjOverContext, creation.Arguments[0].Value, null, depth)
                    : new SerializerValue(SerializerKind.StjGivenOptions);
            case IObjectCreationOperation creation when creation.Type?.ContainingNamespace?.ToDisplayString() == "Refit":
                return s_refitOwn;
            case IInvocationOperation invocation when KnownSymbols.Is(invocation.TargetMethod.ContainingType, _known.StjContentSerializer):
                return invocation.TargetMethod.Name switch
                {
                    "ForContext" when invocation.TargetMethod.IsStatic => OverContext(SerializerKind.StjOverContext, ContextArgument(invocation), FallbackArgument(invocation), depth, chosen: true),
                    "WithContext" when invocation.Instance is not null => new SerializerValue(SerializerKind.StjGivenOptions),
                    "CreateWithResolver" => new SerializerValue(SerializerKind.StjGivenOptions),
                    _ => Follow(value, depth, Serializer, settings: false),
                };
            case IInvocationOperation invocation when KnownSymbols.Is(invocation.TargetMethod.ContainingType, _known.RefitContentSerializer) && invocation.TargetMethod.Name == "ForContext":
                return OverContext(SerializerKind.RefitOverContext, ContextArgument(invocation), FallbackArgument(invocation), depth);
            default:
                var followed = Follow(value, depth, Serializer, settings: false);

                // Its type still says it is RefitStj's, though not over what.
                return followed.Kind == SerializerKind.Unknown && KnownSymbols.DerivesFrom(value.Type, _known.StjContentSerializer)
                    ? new SerializerValue(SerializerKind.StjUnfollowed)
                    : followed;
        }
    }

    /// <summary>A serializer over the context <paramref name="context"/> evaluates to, or <see cref="SerializerValue.Unknown"/>.</summary>
    private SerializerValue OverContext(SerializerKind kind, IOperation? context, IOperation? fallback, int depth, bool chosen = false)
    {
        if (context is null || ContextOf(context, depth) is not { } found)
        {
            return SerializerValue.Unknown;
        }

        var mayFallBack = fallback is not null && OperationValues.Unwrap(fallback).ConstantValue is not { HasValue: true, Value: false };
        return new SerializerValue(kind, found.Type, found.AttributeOptions, chosen, mayFallBack);
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
            ILocalReferenceOperation { Local: var local } => Single(WrittenValues.OfLocal(local, value)) is { } written ? ContextOf(written, depth + 1) : null,
            IFieldReferenceOperation or IPropertyReferenceOperation when Single(MemberWrites(((IMemberReferenceOperation)value).Member)) is { } written => ContextOf(written, depth + 1),
            _ => null,
        };
        return found is { } result && KnownSymbols.DerivesFrom(result.Item1.BaseType, _known.JsonSerializerContext) ? found : null;

        // A context's Options read anywhere could be changed before the serializer takes them: then it is not followed.
        static IOperation? Single(WrittenValues.Writes writes) =>
            writes.Reads.Any(r => r.Parent is IPropertyReferenceOperation { Property.Name: "Options" }) ? null : writes.Single;
    }

    /// <summary>The value behind a conditional, a coalesce, a switch, a local, a field, a property or a helper call, through <paramref name="evaluate"/>.</summary>
    private SerializerValue Follow(IOperation value, int depth, Func<IOperation, int, SerializerValue> evaluate, bool settings)
    {
        var next = depth + 1;
        switch (value)
        {
            case IConditionalOperation { WhenFalse: { } whenFalse } conditional:
                return SerializerValue.Choose([evaluate(conditional.WhenTrue, next), evaluate(whenFalse, next)]);
            case ICoalesceOperation coalesce:
                return SerializerValue.Choose([evaluate(coalesce.Value, next), evaluate(coalesce.WhenNull, next)]);
            case ICoalesceAssignmentOperation assignment:
                return SerializerValue.Choose([evaluate(assignment.Target, next), evaluate(assignment.Value, next)]);
            case ISwitchExpressionOperation switchExpression:
                return SerializerValue.Choose(switchExpression.Arms.Select(arm => evaluate(arm.Value, next)));
            case ILocalReferenceOperation { Local: var local }:
                return Written(WrittenValues.OfLocal(local, value), next, evaluate, settings, local);
            case IPropertyReferenceOperation { Property: var property } when !WrittenValues.IsAutoProperty(property):
                return property.GetMethod is { } getter && _flow.Returns(getter) is { } returned
                    ? SerializerValue.Choose(returned.Select(r => evaluate(r, next)))
                    : SerializerValue.Unknown;
            case IFieldReferenceOperation or IPropertyReferenceOperation:
                var member = ((IMemberReferenceOperation)value).Member;
                return Written(MemberWrites(member), next, evaluate, settings, member);
            case IInvocationOperation { TargetMethod: var method } when method.Locations.Any(l => l.IsInSource):
                return _flow.Returns(method) is { } results ? SerializerValue.Choose(results.Select(r => evaluate(r, next))) : SerializerValue.Unknown;
            default:
                return SerializerValue.Unknown;
        }
    }

    private WrittenValues.Writes MemberWrites(ISymbol member) => _flow.OfMember(member);

    /// <summary>
    /// The value written once, when no read of a settings holder lets other code change its serializer; marked
    /// <see cref="SerializerValue.ReachableElsewhere"/> where the holder is a non-private member or a read hands it out.
    /// </summary>
    private SerializerValue Written(WrittenValues.Writes writes, int depth, Func<IOperation, int, SerializerValue> evaluate, bool settings, ISymbol holder)
    {
        if (writes.Single is not { } written || (settings && !_escape.KeepsSerializer(writes.Reads)))
        {
            return SerializerValue.Unknown;
        }

        var value = evaluate(written, depth);
        if (!settings)
        {
            return value;
        }

        return _escape.IsReachableElsewhere(holder, writes.Reads) ? value.AsReachableElsewhere() : value;
    }

    private IOperation? ContextArgument(IInvocationOperation invocation) => Written(_calls.ContextArgument(invocation));

    private static IOperation? FallbackArgument(IInvocationOperation invocation) => Written(RefitCalls.FallbackArgument(invocation));

    private static IOperation? Written(IArgumentOperation? argument) => argument is { ArgumentKind: ArgumentKind.Explicit } ? argument.Value : null;
}
