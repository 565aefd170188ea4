using System.Collections.Concurrent;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;
using RefitStj.Analyzers.Core.Clients;
using RefitStj.Analyzers.Core.Contexts;
using RefitStj.Analyzers.Core.Contract;
using RefitStj.Analyzers.Core.Symbols;
using RefitStj.Analyzers.Core.Values;

namespace RefitStj.Analyzers.Core;

/// <summary>
/// The pairing model of one compilation: for each call that creates a Refit client, what its serializer is, found once
/// and read by every rule. Values are followed (<see cref="SerializerReader"/>) through locals, fields, properties,
/// <c>?:</c>, <c>??</c>, switch expressions, declaration patterns, settings lambdas and helper methods of the compilation;
/// where the flow cannot be followed the value is <see cref="SerializerKind.Unknown"/> and no rule speaks.
/// </summary>
/// <remarks>
/// Lifetime: one model per compilation, made at its start. It keeps no value of any call, and no operation or semantic
/// model: <see cref="CreationOf"/>, <see cref="EntryPointOf"/>, <see cref="ReturnsOf"/> and <see cref="MemberFactOf"/>
/// read one callback's operations, with that callback's semantic model, into immutable values made of symbols and
/// locations. What one file's values read from another file is settled at the end (<see cref="CompilationFacts"/>);
/// the facts about symbols (<c>PairingModel.Contexts.cs</c>) are memoised functions of those symbols.
/// </remarks>
internal sealed partial class PairingModel
{
    private readonly KnownSymbols _known;
    private readonly RefitCalls _calls;
    private readonly SettingsEscape _escape;

    // Memoised per type: the reference callbacks ask for every field and property the compilation reads.
    private readonly ConcurrentDictionary<ITypeSymbol, ValueUse?> _uses = new(SymbolEqualityComparer.Default);
    private readonly ConcurrentDictionary<INamedTypeSymbol, bool> _holders = new(SymbolEqualityComparer.Default);

    /// <summary>The model of the compilation <paramref name="known"/> was resolved in, made once at its start.</summary>
    public PairingModel(KnownSymbols known)
    {
        _known = known;
        _calls = new RefitCalls(known);
        _escape = new SettingsEscape(known, _calls);
        _adaptedReturnTypes = new(() => ReturnTypeAdapters.AdaptedReturnTypes(known).ToImmutableHashSet<INamedTypeSymbol>(SymbolEqualityComparer.Default));
        _concreteTypes = new(() => RuntimeBodyTypes.ConcreteSourceTypes(known.Compilation).ToImmutableArray());
        _objectValueTypes = new(() => RuntimeBodyTypes.ObjectValueTypes(known).ToImmutableArray());
    }

    /// <summary>
    /// The client <paramref name="invocation"/> creates, or <see langword="null"/> when it creates none with a known
    /// interface: read from the call and what its values are written with, the same whenever it is asked. Its serializer
    /// is <see cref="SerializerValue.IsWrittenElsewhere"/> where it is read from another file.
    /// </summary>
    public ClientCreation? CreationOf(IInvocationOperation invocation)
    {
        if (!_calls.IsFactoryCall(invocation) || ApiOf(invocation) is not { } api)
        {
            return null;
        }

        // The arguments as RefitCalls recognises them for every rule: settings (or a settings action), context, fallback.
        var settings = Written(_calls.SettingsArgument(invocation) ?? _calls.SettingsActionArgument(invocation));
        var named = api is INamedTypeSymbol contract ? NamedTypesOf(contract) : ImmutableArray<ITypeSymbol>.Empty;
        return new ClientCreation(
            invocation.Syntax.GetLocation(), api, ReaderOf(invocation).ClientSerializer(settings, invocation), TypeNames.At(invocation.SemanticModel!, invocation.Syntax.SpanStart, named));
    }

    /// <summary>A call of a generic method, with the types a message about each interface it is closed over may name, as its file writes them.</summary>
    public GenericCall GenericCallOf(IInvocationOperation invocation)
    {
        var named = invocation.TargetMethod.TypeArguments.OfType<INamedTypeSymbol>().Where(t => t.TypeKind == TypeKind.Interface).SelectMany(api => NamedTypesOf(api));
        return new GenericCall(invocation.TargetMethod, invocation.Syntax.GetLocation(), TypeNames.At(invocation.SemanticModel!, invocation.Syntax.SpanStart, named));
    }

    /// <summary>
    /// The Refit 16 context entry point <paramref name="invocation"/> calls, with the serializer of the settings it adds the
    /// context to (RSTJ003 and RSTJ004 read it), or <see langword="null"/> for any other call.
    /// </summary>
    public ContextEntryPoint? EntryPointOf(IInvocationOperation invocation)
    {
        if (_calls.EntryPointOf(invocation) is not var (kind, context, fallback, settings, settingsValue))
        {
            return null;
        }

        var reader = ReaderOf(invocation);
        return ContextEntryPoint.Read(
            invocation, kind, context, fallback, settings, settingsValue is null ? SerializerValue.Unknown : reader.SerializerOf(settingsValue), reader.ContextOf(context.Value, 0));
    }

    /// <summary>
    /// What a method body of this file returns, for other files' reads (<see cref="CompilationFacts"/>): its values when it
    /// returns settings or a serializer, else <see langword="null"/>.
    /// </summary>
    public (ValueUse Use, ImmutableArray<SerializerValue> Values)? ReturnsOf(IMethodSymbol method, ImmutableArray<IOperation> blocks)
    {
        if (UseOf(method.ReturnType) is not { } use || use == ValueUse.Context || !WrittenValues.HasOneBody(method)
            || blocks.IsEmpty || blocks[0].SemanticModel is not { } model)
        {
            return null;
        }

        var reader = new SerializerReader(_known, _calls, _escape, model);
        var values = blocks.SelectMany(block => WrittenValues.Returns(block) ?? []).Select(value => reader.Read(value, use, 1)).ToImmutableArray();
        return (use, values);
    }

    /// <summary>
    /// What one reference to, or initializer of, a field or auto-property inside its own type says of it, for other
    /// files' reads (<see cref="CompilationFacts"/>), or <see langword="null"/> where the model does not follow the member.
    /// </summary>
    public MemberFact? MemberFactOf(IOperation operation, ISymbol containingSymbol)
    {
        switch (operation)
        {
            case IFieldInitializerOperation field:
                return field.InitializedFields.Length == 1 ? WriteFact(field.InitializedFields[0], field.Value) : null;
            case IPropertyInitializerOperation property:
                return property.InitializedProperties.Length == 1 ? WriteFact(property.InitializedProperties[0], property.Value) : null;
            case IMemberReferenceOperation { Member: IFieldSymbol or IPropertySymbol } reference when Followed(reference.Member) is { } member && IsInside(containingSymbol, member.ContainingType):
                var written = new List<IOperation>();
                var reads = new List<IOperation>();
                if (!WrittenValues.Classify(reference, written, reads))
                {
                    return MemberFact.Unfollowable(member);
                }

                return written.Count == 1 ? WriteFact(member, written[0]) : ReadFact(member, reads[0]);
            default:
                return null;
        }

        MemberFact? WriteFact(ISymbol target, IOperation value)
        {
            if (Followed(target) is not { } member || value.SemanticModel is not { } model)
            {
                return null;
            }

            var reader = new SerializerReader(_known, _calls, _escape, model);
            return UseOf(member) is ValueUse.Context
                ? MemberFact.WriteContext(member, reader.ContextOf(value, 1))
                : MemberFact.Write(member, reader.Read(value, UseOf(member)!.Value, 1));
        }

        MemberFact ReadFact(ISymbol member, IOperation read) =>
            MemberFact.Read(member, keepsSerializer: _escape.KeepsSerializer([read]), staysInScope: _escape.StaysInScope(read), readsOptions: SerializerReader.ReadsOptions(read));
    }

    /// <summary>Whether code inside <paramref name="type"/> may name a followed holder: it or a type around it declares a field or property of settings, a serializer or a context.</summary>
    public bool MayNameHolders(INamedTypeSymbol? type) =>
        type is not null && (_holders.GetOrAdd(type.OriginalDefinition, t => t.GetMembers().Any(m => m is IFieldSymbol or IPropertySymbol && UseOf(m) is not null)) || MayNameHolders(type.ContainingType));

    private ISymbol? Followed(ISymbol member)
    {
        member = member.OriginalDefinition;
        return UseOf(member) is not null && WrittenValues.IsWrittenOnlyInItsType(member) ? member : null;
    }

    private ValueUse? UseOf(ISymbol member) => member switch
    {
        IFieldSymbol field => UseOf(field.Type),
        IPropertySymbol property => UseOf(property.Type),
        _ => null,
    };

    // Settings, serializers, contexts and settings actions are reference types of no special type: most reads are neither.
    private ValueUse? UseOf(ITypeSymbol type) =>
        type.IsValueType || type.SpecialType != SpecialType.None ? null : _uses.GetOrAdd(type, t => SerializerReader.UseOf(t, _known, _calls));

    // Within the type or one nested in it: where FindMemberWrites looks when the type is all in one file.
    private static bool IsInside(ISymbol symbol, INamedTypeSymbol type)
    {
        for (var current = symbol as INamedTypeSymbol ?? symbol.ContainingType; current is not null; current = current.ContainingType)
        {
            if (SymbolEqualityComparer.Default.Equals(current.OriginalDefinition, type))
            {
                return true;
            }
        }

        return false;
    }

    private SerializerReader ReaderOf(IOperation operation) => new(_known, _calls, _escape, operation.SemanticModel!);

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

    private static IOperation? Written(IArgumentOperation? argument) => argument is { ArgumentKind: ArgumentKind.Explicit } ? argument.Value : null;
}
