using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace RefitStj.Analyzers.Core.Symbols;

/// <summary>Reading values out of operations as the pairing model needs them: a call's argument by parameter, a settings' serializer, a value without its conversions.</summary>
internal static class OperationValues
{
    /// <summary>The serializer a <c>new RefitSettings(...)</c> is given: the initializer's last <c>ContentSerializer</c>, else the constructor's.</summary>
    public static IOperation? SerializerGivenTo(IObjectCreationOperation settings)
    {
        IOperation? serializer = null;
        foreach (var argument in settings.Arguments)
        {
            if (argument.Parameter is { Name: "contentSerializer" } && argument.ArgumentKind == ArgumentKind.Explicit)
            {
                serializer = argument.Value;
            }
        }

        foreach (var initializer in settings.Initializer?.Initializers ?? ImmutableArray<IOperation>.Empty)
        {
            if (initializer is ISimpleAssignmentOperation { Target: IPropertyReferenceOperation { Property.Name: "ContentSerializer" } } assignment)
            {
                serializer = assignment.Value;
            }
        }

        return serializer;
    }

    /// <summary>The argument for the parameter <paramref name="parameter"/> accepts, written or not.</summary>
    // By parameter, not position: extension calls count their receiver, and named arguments may come in any order.
    public static IArgumentOperation? Argument(IInvocationOperation invocation, Func<IParameterSymbol, bool> parameter) =>
        invocation.Arguments.FirstOrDefault(a => a.Parameter is { } p && parameter(p));

    public static IOperation Unwrap(IOperation operation)
    {
        while (operation is IConversionOperation { OperatorMethod: null } conversion)
        {
            operation = conversion.Operand;
        }

        return operation;
    }
}
