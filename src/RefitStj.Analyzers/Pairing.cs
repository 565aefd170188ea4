using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace RefitStj.Analyzers;

/// <summary>
/// Finds the <c>JsonSerializerContext</c> behind the settings a Refit client is created with, where it is certain:
/// <c>new RefitSettings { ContentSerializer = new StjContentSerializer(Ctx.Default) }</c> (or the constructor argument),
/// inline or through locals written once in the same method. Anything else (fields, parameters, reflection options,
/// resolver chains, settings that escape or are changed) gives no context.
/// </summary>
internal static class Pairing
{
    // The factories that take a RefitSettings: RestService's, and Refit.HttpClientFactory's registrations.
    private static readonly ImmutableHashSet<string> s_restServiceFactories = ImmutableHashSet.Create(StringComparer.Ordinal, "For", "ForGenerated");
    private static readonly ImmutableHashSet<string> s_registrations = ImmutableHashSet.Create(StringComparer.Ordinal, "AddRefitClient", "AddRefitGeneratedClient", "AddKeyedRefitClient");

    /// <summary>
    /// The Refit interface and the context a call that creates a client pairs with certainty, or <see langword="null"/>:
    /// the one place every rule that reports at such a call starts from.
    /// </summary>
    public static (INamedTypeSymbol Api, INamedTypeSymbol Context)? Of(IInvocationOperation invocation, KnownSymbols known)
    {
        if (!IsFactoryCall(invocation, known)
            || invocation.TargetMethod.TypeArguments.Length != 1
            || invocation.TargetMethod.TypeArguments[0] is not INamedTypeSymbol { TypeKind: TypeKind.Interface } api
            || invocation.Arguments.FirstOrDefault(a => KnownSymbols.Is(a.Parameter?.Type, known.RefitSettings)) is not { } settings
            || ContextOf(settings.Value, known, call => IsFactoryCall(call, known)) is not { } context)
        {
            return null;
        }

        return (api, context);
    }

    /// <summary>
    /// Whether settings certainly hold a RefitStj serializer: created here with a <c>ContentSerializer</c> whose static type
    /// is <c>StjContentSerializer</c>, read through locals as <see cref="Of"/> does (a settings local may also be the
    /// receiver of <c>UseJsonContext</c>, which replaces no RefitStj serializer: it throws; or be returned, as a settings
    /// lambda does).
    /// </summary>
    public static bool HoldsStjContentSerializer(IOperation settings, KnownSymbols known)
    {
        var created = Resolve(settings, reference =>
            IsHarmlessSettingsUse(reference, known, call => IsFactoryCall(call, known))
            || reference.Parent is IInvocationOperation { TargetMethod.Name: "UseJsonContext" } call && call.Instance == reference
            || reference.Parent is IReturnOperation);
        return created is IObjectCreationOperation { Type: { } type } creation
            && KnownSymbols.Is(type, known.RefitSettings)
            && SerializerOf(creation) is { } serializer
            && Resolve(serializer, static _ => true) is { Type: { } serializerType }
            && KnownSymbols.DerivesFrom(serializerType, known.StjContentSerializer);
    }

    private static bool IsFactoryCall(IInvocationOperation invocation, KnownSymbols known)
    {
        var method = invocation.TargetMethod;
        if (KnownSymbols.Is(method.ContainingType, known.RestService))
        {
            return s_restServiceFactories.Contains(method.Name);
        }

        // Refit.HttpClientFactory's extensions, also as C# 14 extension blocks (nested in the static class).
        return s_registrations.Contains(method.Name)
            && (method.ContainingType is { Name: "HttpClientFactoryExtensions" } || method.ContainingType?.ContainingType is { Name: "HttpClientFactoryExtensions" })
            && method.ContainingNamespace?.ToDisplayString() is "Refit" or "Microsoft.Extensions.DependencyInjection";
    }

    /// <summary>The context type, or <see langword="null"/> when the pairing is not certain.</summary>
    /// <param name="settings">The value passed for the factory's <c>RefitSettings</c> parameter.</param>
    /// <param name="known">The compilation's symbols.</param>
    /// <param name="isFactoryCall">Whether an invocation creates a Refit client: the only call a settings local may be passed to.</param>
    private static INamedTypeSymbol? ContextOf(IOperation settings, KnownSymbols known, Func<IInvocationOperation, bool> isFactoryCall)
    {
        var created = Resolve(settings, reference => IsHarmlessSettingsUse(reference, known, isFactoryCall));
        if (created is not IObjectCreationOperation { Type: { } type } creation || !KnownSymbols.Is(type, known.RefitSettings))
        {
            return null;
        }

        var serializer = SerializerOf(creation);
        return serializer is null ? null : ContextOfSerializer(Resolve(serializer, static _ => true), known);
    }

    /// <summary>The serializer the settings are created with: the initializer's last <c>ContentSerializer</c>, else the constructor's.</summary>
    private static IOperation? SerializerOf(IObjectCreationOperation settings)
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

    /// <summary>The context of <c>new StjContentSerializer(Ctx.Default)</c> or <c>new StjContentSerializer(new Ctx(options))</c>.</summary>
    private static INamedTypeSymbol? ContextOfSerializer(IOperation? serializer, KnownSymbols known)
    {
        if (serializer is not IObjectCreationOperation { Constructor.Parameters.Length: 1, Arguments.Length: 1, Type: { } type } creation
            || !KnownSymbols.Is(type, known.StjContentSerializer)
            || !KnownSymbols.Is(creation.Constructor.Parameters[0].Type, known.JsonSerializerContext))
        {
            return null;
        }

        var argument = creation.Arguments[0];

        // Only these two leave no code between the context's creation and the serializer's: its options are the context's own.
        var context = Unwrap(argument.Value) switch
        {
            IPropertyReferenceOperation { Property: { IsStatic: true, Name: "Default" } property } => property.Type,
            IObjectCreationOperation newContext => newContext.Type,
            _ => null,
        };
        return context is INamedTypeSymbol named && KnownSymbols.DerivesFrom(named.BaseType, known.JsonSerializerContext) ? named : null;
    }

    /// <summary>
    /// The value itself, or for a local, the value it is declared with when nothing else in the method writes it (or its
    /// references are not all harmless): lambdas and local functions of the method included.
    /// </summary>
    private static IOperation? Resolve(IOperation value, Func<ILocalReferenceOperation, bool> isHarmless)
    {
        value = Unwrap(value);
        if (value is not ILocalReferenceOperation { Local: { IsRef: false } local })
        {
            return value;
        }

        var root = value;
        while (root.Parent is not null)
        {
            root = root.Parent;
        }

        IOperation? declared = null;
        foreach (var operation in root.Descendants())
        {
            switch (operation)
            {
                case IVariableDeclaratorOperation declarator when SymbolEqualityComparer.Default.Equals(declarator.Symbol, local):
                    declared = declarator.Initializer?.Value;
                    break;
                case ILocalReferenceOperation reference when SymbolEqualityComparer.Default.Equals(reference.Local, local):
                    if (IsWritten(reference) || !isHarmless(reference))
                    {
                        return null;
                    }

                    break;
            }
        }

        return declared is null ? null : Unwrap(declared);
    }

    private static bool IsWritten(ILocalReferenceOperation reference) => reference.IsDeclaration || reference.Parent switch
    {
        IAssignmentOperation assignment => assignment.Target == reference,
        IIncrementOrDecrementOperation => true,
        IArgumentOperation argument => argument.Parameter?.RefKind is RefKind.Ref or RefKind.Out,
        IDeconstructionAssignmentOperation or ITupleOperation or IAddressOfOperation => true,
        _ => false,
    };

    /// <summary>
    /// A settings local may be read, have other properties set, and be passed to Refit's factories; anything else (its
    /// <c>ContentSerializer</c> set, a method call, passing it on) could change the serializer, so the pairing is not certain.
    /// </summary>
    private static bool IsHarmlessSettingsUse(ILocalReferenceOperation reference, KnownSymbols known, Func<IInvocationOperation, bool> isFactoryCall) =>
        reference.Parent switch
        {
            IArgumentOperation { Parent: IInvocationOperation invocation, Parameter.Type: var type } => isFactoryCall(invocation) && KnownSymbols.Is(type, known.RefitSettings),
            IPropertyReferenceOperation { Property.Name: var name } property => name != "ContentSerializer" || property.Parent is not IAssignmentOperation,
            _ => false,
        };

    private static IOperation Unwrap(IOperation operation)
    {
        while (operation is IConversionOperation { OperatorMethod: null } conversion)
        {
            operation = conversion.Operand;
        }

        return operation;
    }
}
