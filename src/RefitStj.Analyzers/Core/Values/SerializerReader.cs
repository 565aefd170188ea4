using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;
using RefitStj.Analyzers.Core.Symbols;

namespace RefitStj.Analyzers.Core.Values;

/// <summary>
/// What a settings, serializer or context operation evaluates to, read within one callback: through locals, fields,
/// properties, <c>?:</c>, <c>??</c>, switch expressions, declaration patterns, settings lambdas and helper methods. What
/// is written in another file is <see cref="SerializerKind.WrittenElsewhere"/>, settled at the compilation's end from
/// that file's own facts (<see cref="CompilationFacts"/>); what cannot be followed is <see cref="SerializerKind.Unknown"/>.
/// </summary>
internal sealed class SerializerReader
{
    // Deep enough for a helper that returns a field set from another helper; a cycle ends here as Unknown.
    public const int MaxDepth = 12;

    // Refit's own serializer, wherever the code does not say otherwise: one value for all of them.
    public static readonly SerializerValue RefitOwn = new(SerializerKind.RefitOwn);

    private readonly KnownSymbols _known;
    private readonly RefitCalls _calls;
    private readonly SettingsEscape _escape;
    private readonly WrittenValues _flow;

    public SerializerReader(KnownSymbols known, RefitCalls calls, SettingsEscape escape, SemanticModel model)
    {
        _known = known;
        _calls = calls;
        _escape = escape;
        _flow = new WrittenValues(model);
    }

    /// <summary>How a value of <paramref name="type"/> is read, or <see langword="null"/> for a type the model does not follow.</summary>
    public static ValueUse? UseOf(ITypeSymbol? type, KnownSymbols known, RefitCalls calls) =>
        type is null ? null
        : KnownSymbols.Is(type, known.RefitSettings) || calls.IsSettingsAction(type) ? ValueUse.Settings
        : KnownSymbols.DerivesFrom(type, known.JsonSerializerContext) ? ValueUse.Context
        : KnownSymbols.Is(type, known.HttpContentSerializer) || type.AllInterfaces.Any(i => KnownSymbols.Is(i, known.HttpContentSerializer)) ? ValueUse.Serializer
        : null;

    /// <summary>What the serializer of a settings, serializer or settings action (lambda or method group) operation is.</summary>
    public SerializerValue SerializerOf(IOperation value) =>
        KnownSymbols.Is(value.Type, _known.RefitSettings) || _calls.IsSettingsAction(value.Type) ? Settings(value, 0) : Serializer(value, 0);

    /// <summary>The value <paramref name="value"/> is as <paramref name="use"/> reads it, a context as a serializer over it.</summary>
    public SerializerValue Read(IOperation value, ValueUse use, int depth) => use switch
    {
        ValueUse.Settings => Settings(value, depth),
        ValueUse.Serializer => Serializer(value, depth),
        _ => SerializerValue.Unknown,
    };

    /// <summary>The serializer of a client over these settings (or settings action), context and fallback arguments.</summary>
    public SerializerValue ClientSerializer(IOperation? settings, IInvocationOperation invocation)
    {
        // Refit 16's entry points over a context run on Refit's own serializer, or throw where the settings are RefitStj's.
        var context = _calls.ContextArgument(invocation)?.Value;
        return context is not null
            ? OverContext(SerializerKind.RefitOverContext, context, RefitCalls.FallbackArgument(invocation)?.Value, 0)
            : settings is null ? RefitOwn : Settings(settings, 0);
    }

    /// <summary>The context a value is, followed through locals and members written once; <see langword="null"/> where unknown.</summary>
    public ContextValue? ContextOf(IOperation? value, int depth)
    {
        if (value is null || depth > MaxDepth)
        {
            return null;
        }

        value = OperationValues.Unwrap(value);
        ContextValue? found = value switch
        {
            IPropertyReferenceOperation { Property: { IsStatic: true, Name: "Default" }, Type: INamedTypeSymbol type } => new(type, true),
            IObjectCreationOperation { Type: INamedTypeSymbol type } creation => new(type, creation.Arguments.All(a => a.ArgumentKind == ArgumentKind.DefaultValue || OperationValues.Unwrap(a.Value).ConstantValue is { HasValue: true, Value: null })),
            ILocalReferenceOperation { Local: var local } => Single(WrittenValues.OfLocal(local, value)) is { } written ? ContextOf(written, depth + 1) : null,
            IFieldReferenceOperation or IPropertyReferenceOperation => OfMember(((IMemberReferenceOperation)value).Member),
            _ => null,
        };
        return found is { WrittenIn: not null } || (found?.Type is { } context && KnownSymbols.DerivesFrom(context.BaseType, _known.JsonSerializerContext)) ? found : null;

        ContextValue? OfMember(ISymbol member)
        {
            var writes = _flow.OfMember(member);
            return writes.IsElsewhere ? ContextValue.Elsewhere(member.OriginalDefinition) : Single(writes) is { } written ? ContextOf(written, depth + 1) : null;
        }
    }

    /// <summary>Whether a read of a context holder takes its <c>Options</c>, which could be changed before the serializer takes them.</summary>
    public static bool ReadsOptions(IOperation read) => read.Parent is IPropertyReferenceOperation { Property.Name: "Options" };

    // A context's Options read anywhere could be changed before the serializer takes them: then it is not followed.
    private static IOperation? Single(WrittenValues.Writes writes) => writes.Reads.Any(ReadsOptions) ? null : writes.Single;

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
                return Returned(method, depth, Settings, ValueUse.Settings);
            case ILiteralOperation { ConstantValue: { HasValue: true, Value: null } } or IDefaultValueOperation:
                return RefitOwn;
            case IObjectCreationOperation creation when KnownSymbols.Is(creation.Type, _known.RefitSettings):
                return OperationValues.SerializerGivenTo(creation) is { } serializer ? Serializer(serializer, depth + 1) : RefitOwn;
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
                    ? OverContext(SerializerKind.StjOverContext, Written(ArgumentOf(creation, "context")), Written(ArgumentOf(creation, "allowReflectionFallback")), depth)
                    : new SerializerValue(SerializerKind.StjGivenOptions);
            case IObjectCreationOperation creation when creation.Type?.ContainingNamespace?.ToDisplayString() == "Refit":
                return RefitOwn;
            case IInvocationOperation invocation when KnownSymbols.Is(invocation.TargetMethod.ContainingType, _known.StjContentSerializer):
                return invocation.TargetMethod.Name switch
                {
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
    private SerializerValue OverContext(SerializerKind kind, IOperation? context, IOperation? fallback, int depth)
    {
        if (context is null || ContextOf(context, depth) is not { } found)
        {
            return SerializerValue.Unknown;
        }

        var mayFallBack = fallback is not null && OperationValues.Unwrap(fallback).ConstantValue is not { HasValue: true, Value: false };
        return found.WrittenIn is { } member
            ? SerializerValue.OverContextWrittenIn(member, kind, mayFallBack)
            : new SerializerValue(kind, found.Type, found.AttributeOptions, mayFallBack);
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
                return property.GetMethod is { } getter ? Returned(getter, depth, evaluate, Use(settings)) : SerializerValue.Unknown;
            case IFieldReferenceOperation or IPropertyReferenceOperation:
                var member = ((IMemberReferenceOperation)value).Member;
                return Written(_flow.OfMember(member), next, evaluate, settings, member);
            case IInvocationOperation { TargetMethod: var method } when method.Locations.Any(l => l.IsInSource):
                return Returned(method, depth, evaluate, Use(settings));
            default:
                return SerializerValue.Unknown;
        }
    }

    private static ValueUse Use(bool settings) => settings ? ValueUse.Settings : ValueUse.Serializer;

    /// <summary>What a method of the compilation returns, read as <paramref name="use"/>: here, or from its own file's facts at the end.</summary>
    private SerializerValue Returned(IMethodSymbol method, int depth, Func<IOperation, int, SerializerValue> evaluate, ValueUse use)
    {
        var (values, elsewhere) = _flow.Returns(method);
        return elsewhere ? SerializerValue.WrittenIn(method.OriginalDefinition, use)
            : values is null ? SerializerValue.Unknown
            : SerializerValue.Choose(values.Select(r => evaluate(r, depth + 1)));
    }

    /// <summary>
    /// The value written once, when no read of a settings holder lets other code change its serializer; marked
    /// <see cref="SerializerValue.ReachableElsewhere"/> where the holder is a non-private member or a read hands it out.
    /// </summary>
    private SerializerValue Written(WrittenValues.Writes writes, int depth, Func<IOperation, int, SerializerValue> evaluate, bool settings, ISymbol holder)
    {
        if (writes.IsElsewhere)
        {
            return SerializerValue.WrittenIn(holder.OriginalDefinition, Use(settings));
        }

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

    private static IArgumentOperation? ArgumentOf(IObjectCreationOperation creation, string parameter) => creation.Arguments.FirstOrDefault(a => a.Parameter?.Name == parameter);

    private static IOperation? Written(IArgumentOperation? argument) => argument is { ArgumentKind: ArgumentKind.Explicit } ? argument.Value : null;
}
