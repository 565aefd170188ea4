using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace RefitStj.Analyzers.Core.Values;

/// <summary>
/// Where a value held in a local, field or property, or returned by a method of the compilation, comes from: the
/// operations that write it, when they are all known. A local, field or property written more than once (or by
/// reference, or from code that may lie outside the compilation) gives nothing, so that no rule guesses.
/// </summary>
/// <remarks>
/// One per callback, over the semantic model that callback was given: it reads operations of that file only. A member
/// or method written in another file is <see cref="Writes.Elsewhere"/>: that file's own callbacks read it
/// (<see cref="CompilationFacts"/>), and the value is known at the compilation's end.
/// </remarks>
internal sealed class WrittenValues
{
    private readonly SemanticModel _model;

    public WrittenValues(SemanticModel model) => _model = model;

    /// <summary>The single value a local is written with in its method (lambdas and local functions included), and every read of it.</summary>
    public static Writes OfLocal(ILocalSymbol local, IOperation anyUse)
    {
        if (local.IsRef)
        {
            return Writes.Unknown;
        }

        var root = anyUse;
        while (root.Parent is not null)
        {
            root = root.Parent;
        }

        var written = new List<IOperation>();
        var reads = new List<IOperation>();
        foreach (var operation in root.Descendants())
        {
            switch (operation)
            {
                case IVariableDeclaratorOperation declarator when SymbolEqualityComparer.Default.Equals(declarator.Symbol, local):
                    if (declarator.Initializer is { } initializer)
                    {
                        written.Add(initializer.Value);
                    }

                    break;
                case IDeclarationPatternOperation pattern when SymbolEqualityComparer.Default.Equals(pattern.DeclaredSymbol, local):
                    if (PatternInput(pattern) is not { } input)
                    {
                        return Writes.Unknown;
                    }

                    written.Add(input);
                    break;
                case ILocalReferenceOperation reference when SymbolEqualityComparer.Default.Equals(reference.Local, local):
                    if (!Classify(reference, written, reads))
                    {
                        return Writes.Unknown;
                    }

                    break;
            }
        }

        return new Writes(written, reads);
    }

    /// <summary>
    /// The values a field or auto-property is written with: where declared and anywhere in its type (all partial parts),
    /// read here when every part is in this file, else <see cref="Writes.Elsewhere"/>. Only for members no code outside
    /// the type can write (<see cref="IsWrittenOnlyInItsType"/>).
    /// </summary>
    public Writes OfMember(ISymbol member)
    {
        member = member.OriginalDefinition;

        // A member of a referenced project's type may be written in code this compilation cannot see.
        if (!IsWrittenOnlyInItsType(member) || member.ContainingType is not { } type || type.DeclaringSyntaxReferences.IsEmpty
            || type.DeclaringSyntaxReferences.Any(r => !_model.Compilation.ContainsSyntaxTree(r.SyntaxTree)))
        {
            return Writes.Unknown;
        }

        return type.DeclaringSyntaxReferences.All(r => r.SyntaxTree == _model.SyntaxTree) ? FindMemberWrites(member, type) : Writes.Elsewhere;
    }

    /// <summary>
    /// The values the body of a method, local function or property getter returns (nested lambdas and local functions
    /// excluded): <c>Values</c> when the body is in this file, <c>Elsewhere</c> when it is in another file of the
    /// compilation, neither when it cannot be known (abstract, virtual, partial, or in a referenced project).
    /// </summary>
    public (IReadOnlyList<IOperation>? Values, bool Elsewhere) Returns(IMethodSymbol method)
    {
        if (!HasOneBody(method))
        {
            return (null, false);
        }

        // A body in a referenced project is not this compilation's to read: unknown, as a built assembly's would be.
        var reference = method.DeclaringSyntaxReferences[0];
        if (!_model.Compilation.ContainsSyntaxTree(reference.SyntaxTree))
        {
            return (null, false);
        }

        if (reference.SyntaxTree != _model.SyntaxTree)
        {
            return (null, true);
        }

        return (_model.GetOperation(reference.GetSyntax()) is { } body ? Returns(body) : null, false);
    }

    /// <summary>Whether the method has one body of its own, which every call runs.</summary>
    public static bool HasOneBody(IMethodSymbol method) =>
        !method.IsAbstract && !method.IsExtern && !method.IsVirtual && !method.IsOverride && method.DeclaringSyntaxReferences.Length == 1;

    /// <summary>The values a body returns, its nested functions excluded.</summary>
    public static IReadOnlyList<IOperation>? Returns(IOperation body)
    {
        var values = new List<IOperation>();
        Collect(body, values);
        return values.Count == 0 ? null : values;

        static void Collect(IOperation operation, List<IOperation> values)
        {
            foreach (var child in operation.ChildOperations)
            {
                switch (child)
                {
                    case IAnonymousFunctionOperation or ILocalFunctionOperation:
                        continue;
                    case IReturnOperation { ReturnedValue: { } value }:
                        values.Add(value);
                        continue;
                    default:
                        Collect(child, values);
                        break;
                }
            }
        }
    }

    private Writes FindMemberWrites(ISymbol member, INamedTypeSymbol type)
    {
        var written = new List<IOperation>();
        var reads = new List<IOperation>();
        foreach (var reference in type.DeclaringSyntaxReferences)
        {
            var declaration = reference.GetSyntax();
            var model = _model;
            foreach (var node in declaration.DescendantNodes())
            {
                switch (node)
                {
                    case VariableDeclaratorSyntax { Initializer: { } initializer } declarator when declarator.Identifier.ValueText == member.Name:
                        if (model.GetOperation(initializer) is IFieldInitializerOperation { Value: var fieldValue } field && field.InitializedFields.Any(f => SymbolEqualityComparer.Default.Equals(f, member)))
                        {
                            written.Add(fieldValue);
                        }

                        break;
                    case PropertyDeclarationSyntax { Initializer: { } initializer } property when property.Identifier.ValueText == member.Name:
                        if (model.GetOperation(initializer) is IPropertyInitializerOperation { Value: var propertyValue } init && init.InitializedProperties.Any(p => SymbolEqualityComparer.Default.Equals(p, member)))
                        {
                            written.Add(propertyValue);
                        }

                        break;
                    case IdentifierNameSyntax name when name.Identifier.ValueText == member.Name:
                        var expression = name.Parent is MemberAccessExpressionSyntax access && access.Name == name ? (SyntaxNode)access : name;
                        if (model.GetOperation(expression) is IMemberReferenceOperation referenceOperation
                            && SymbolEqualityComparer.Default.Equals(referenceOperation.Member.OriginalDefinition, member)
                            && !Classify(referenceOperation, written, reads))
                        {
                            return Writes.Unknown;
                        }

                        break;
                }
            }
        }

        return new Writes(written, reads);
    }

    /// <summary>Whether no code outside the member's type can write it: private members, readonly fields, properties without a setter or with a private one.</summary>
    public static bool IsWrittenOnlyInItsType(ISymbol member) => member switch
    {
        IFieldSymbol field => !field.IsConst && (field.IsReadOnly || field.DeclaredAccessibility == Accessibility.Private),
        IPropertySymbol property => IsAutoProperty(property)
            && (property.SetMethod is null || property.DeclaredAccessibility == Accessibility.Private || property.SetMethod.DeclaredAccessibility == Accessibility.Private),
        _ => false,
    };

    /// <summary>Whether the property's getter has no body: its value is what is written to it.</summary>
    public static bool IsAutoProperty(IPropertySymbol property) =>
        property.GetMethod is { } getter && getter.DeclaringSyntaxReferences.Length > 0
        && getter.DeclaringSyntaxReferences.All(r => r.GetSyntax() is AccessorDeclarationSyntax { Body: null, ExpressionBody: null });

    /// <summary>Adds a reference's written value or the reference itself as a read; <see langword="false"/> for a write that cannot be followed.</summary>
    public static bool Classify(IOperation reference, List<IOperation> written, List<IOperation> reads)
    {
        switch (reference.Parent)
        {
            case ISimpleAssignmentOperation assignment when assignment.Target == reference:
                written.Add(assignment.Value);
                return true;
            case ICoalesceAssignmentOperation assignment when assignment.Target == reference:
                // Written only where it is still null: the value it then holds is this one.
                written.Add(assignment.Value);
                return true;
            case IAssignmentOperation assignment when assignment.Target == reference:
            case IIncrementOrDecrementOperation:
            case IDeconstructionAssignmentOperation or ITupleOperation or IAddressOfOperation:
            case IArgumentOperation { Parameter.RefKind: RefKind.Ref or RefKind.Out }:
                return false;
            default:
                if (reference is ILocalReferenceOperation { IsDeclaration: true })
                {
                    return false;
                }

                reads.Add(reference);
                return true;
        }
    }

    /// <summary>The value a declaration pattern tests: what its local holds where it matched.</summary>
    private static IOperation? PatternInput(IPatternOperation pattern)
    {
        IOperation current = pattern;
        while (current.Parent is IPatternOperation or INegatedPatternOperation or IBinaryPatternOperation)
        {
            current = current.Parent;
        }

        return current.Parent switch
        {
            IIsPatternOperation isPattern => isPattern.Value,
            ISwitchExpressionArmOperation { Parent: ISwitchExpressionOperation switchExpression } => switchExpression.Value,
            IPatternCaseClauseOperation { Parent: ISwitchCaseOperation { Parent: ISwitchOperation switchStatement } } => switchStatement.Value,
            _ => null,
        };
    }

    /// <summary>The writes of a local or member and its reads; <see cref="IsKnown"/> false when they cannot all be seen.</summary>
    internal sealed class Writes
    {
        public static readonly Writes Unknown = new(null, null);

        /// <summary>Written in another file: that file's callbacks read it (<see cref="CompilationFacts"/>).</summary>
        public static readonly Writes Elsewhere = new(null, null, elsewhere: true);

        private Writes(IReadOnlyList<IOperation>? written, IReadOnlyList<IOperation>? reads, bool elsewhere)
            : this(written, reads) => IsElsewhere = elsewhere;

        public Writes(IReadOnlyList<IOperation>? written, IReadOnlyList<IOperation>? reads)
        {
            Written = written?.ToImmutableArray() ?? ImmutableArray<IOperation>.Empty;
            Reads = reads?.ToImmutableArray() ?? ImmutableArray<IOperation>.Empty;
            IsKnown = written is not null;
        }

        public bool IsKnown { get; }

        public bool IsElsewhere { get; }

        public ImmutableArray<IOperation> Written { get; }

        public ImmutableArray<IOperation> Reads { get; }

        /// <summary>The one value written, or <see langword="null"/> when there are none, several, or they are not all known.</summary>
        public IOperation? Single => IsKnown && Written.Length == 1 ? Written[0] : null;
    }
}
