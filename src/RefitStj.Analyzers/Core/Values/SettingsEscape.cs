using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;
using RefitStj.Analyzers.Core.Symbols;

namespace RefitStj.Analyzers.Core.Values;

/// <summary>
/// Whether a settings object's serializer stays as written: which reads of a settings holder (a local, field or
/// property) keep it where this compilation sees every use, and which hand it to code that may replace its serializer.
/// The pairing model reads a holder only when every read keeps the serializer, and marks the value
/// <see cref="SerializerValue.ReachableElsewhere"/> where the holder or a read hands the object out.
/// </summary>
internal sealed class SettingsEscape
{
    private readonly KnownSymbols _known;
    private readonly RefitCalls _calls;

    public SettingsEscape(KnownSymbols known, RefitCalls calls)
    {
        _known = known;
        _calls = calls;
    }

    /// <summary>Whether no read of the holder can change its serializer.</summary>
    public bool KeepsSerializer(IEnumerable<IOperation> reads) => reads.All(IsHarmlessSettingsRead);

    /// <summary>Whether code outside the holder's declaring scope can reach the object: a non-private member, or a read that hands it out.</summary>
    public bool IsReachableElsewhere(ISymbol holder, IReadOnlyCollection<IOperation> reads)
    {
        // A local's return is a new object at each call only when nothing else keeps the same object: a lambda or local
        // function that captures it hands the one object out, and so does a body that also gives it to a factory.
        var local = holder as ILocalSymbol;
        var givenToFactory = local is not null && reads.Any(IsGivenToFactory);
        return (local is null && !IsPrivate(holder))
            || !reads.All(read => StaysInScope(read, returnedIsFresh: local is not null && !givenToFactory && ReturnsFromDeclaringFunction(read, local)));
    }

    /// <summary>Whether a read of a member holder keeps the object where this compilation sees every use.</summary>
    public bool StaysInScope(IOperation read) => StaysInScope(read, returnedIsFresh: false);

    /// <summary>Whether only the member's own type can read it.</summary>
    public static bool IsPrivate(ISymbol member) => member.DeclaredAccessibility == Accessibility.Private
        && (member is not IPropertySymbol { GetMethod: { } getter } || getter.DeclaredAccessibility == Accessibility.Private);

    /// <summary>
    /// Whether a read keeps the settings where this compilation sees every use: given to a Refit factory, its other
    /// properties read or set, Refit's <c>UseJsonContext</c> called, or returned by a settings action given to a factory.
    /// Anything else (stored, returned, passed on) hands the object to code that may replace its serializer; a local
    /// returned by the function that declares it, and given to no factory there, is a new object at each call.
    /// </summary>
    private bool StaysInScope(IOperation reference, bool returnedIsFresh)
    {
        var use = reference;
        while (use.Parent is IConversionOperation or IConditionalOperation or ICoalesceOperation or ISwitchExpressionArmOperation or ISwitchExpressionOperation)
        {
            if (use.Parent is IConditionalOperation conditional && conditional.Condition == use)
            {
                return true;
            }

            use = use.Parent;
        }

        return use.Parent switch
        {
            IArgumentOperation argument => IsFactorySettingsArgument(argument),
            IPropertyReferenceOperation { Property.Name: var name } property => name != "ContentSerializer" || property.Parent is not IAssignmentOperation assignment || assignment.Target != property,
            IInvocationOperation call => _calls.IsUseJsonContext(call),
            IReturnOperation returned => returnedIsFresh || IsSettingsActionGivenToFactory(returned),
            _ => false,
        };
    }

    private bool IsFactorySettingsArgument(IArgumentOperation argument) =>
        argument is { Parent: IInvocationOperation invocation, Parameter.Type: var type } && _calls.IsFactoryCall(invocation) && KnownSymbols.Is(type, _known.RefitSettings);

    /// <summary>Whether a read of a settings holder is the settings argument of a Refit factory.</summary>
    private bool IsGivenToFactory(IOperation reference)
    {
        var use = reference;
        while (use.Parent is IConversionOperation)
        {
            use = use.Parent;
        }

        return use.Parent is IArgumentOperation argument && IsFactorySettingsArgument(argument);
    }

    /// <summary>Whether <paramref name="reference"/> sits in the function that declares <paramref name="local"/> (not in a lambda or local function capturing it).</summary>
    private static bool ReturnsFromDeclaringFunction(IOperation reference, ILocalSymbol local)
    {
        var current = reference.Parent;
        while (current is not null and not IAnonymousFunctionOperation and not ILocalFunctionOperation)
        {
            current = current.Parent;
        }

        var function = current switch
        {
            IAnonymousFunctionOperation lambda => lambda.Symbol,
            ILocalFunctionOperation localFunction => localFunction.Symbol,
            _ => null,
        };
        return function is null
            ? local.ContainingSymbol is not IMethodSymbol { MethodKind: MethodKind.AnonymousFunction or MethodKind.LocalFunction }
            : SymbolEqualityComparer.Default.Equals(function, local.ContainingSymbol);
    }

    /// <summary>Whether a return belongs to a lambda given straight to a Refit factory as its settings action.</summary>
    private bool IsSettingsActionGivenToFactory(IReturnOperation returned)
    {
        IOperation? current = returned;
        while (current is not null and not IAnonymousFunctionOperation and not ILocalFunctionOperation and not IMethodBodyBaseOperation)
        {
            current = current.Parent;
        }

        var argument = current?.Parent is IDelegateCreationOperation delegateCreation ? delegateCreation.Parent : null;
        while (argument is IConversionOperation)
        {
            argument = argument.Parent;
        }

        return argument is IArgumentOperation { Parent: IInvocationOperation invocation, Parameter.Type: var type } && _calls.IsFactoryCall(invocation) && _calls.IsSettingsAction(type);
    }

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
            IArgumentOperation argument => IsFactorySettingsArgument(argument),
            IPropertyReferenceOperation { Property.Name: var name } property => name != "ContentSerializer" || property.Parent is not IAssignmentOperation assignment || assignment.Target != property,
            // Refit's UseJsonContext keeps a RefitStj serializer (it throws) and Refit's own stays Refit's: the kind is unchanged.
            IInvocationOperation call when _calls.IsUseJsonContext(call) => true,
            IInvocationOperation or IConditionalAccessOperation => false,
            _ => true,
        };
    }
}
