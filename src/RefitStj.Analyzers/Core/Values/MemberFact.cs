using Microsoft.CodeAnalysis;

namespace RefitStj.Analyzers.Core.Values;

/// <summary>
/// What one reference to, or initializer of, a followed field or auto-property inside its own type says of it, read in
/// that file's callback: a write and the value written, a read and what it does with the object, or a write that
/// cannot be followed. Made of symbols only, so the compilation's end can hold it.
/// </summary>
internal sealed class MemberFact
{
    private MemberFact(ISymbol member, MemberFactKind kind, SerializerValue? value = null, ContextValue? context = null, bool keepsSerializer = false, bool staysInScope = false, bool readsOptions = false)
    {
        Member = member;
        Kind = kind;
        Value = value;
        Context = context;
        KeepsSerializer = keepsSerializer;
        StaysInScope = staysInScope;
        ReadsOptions = readsOptions;
    }

    public ISymbol Member { get; }

    public MemberFactKind Kind { get; }

    /// <summary>For a write of settings or a serializer: the value written.</summary>
    public SerializerValue? Value { get; }

    /// <summary>For a write of a context: the context written, or <see langword="null"/> where unknown.</summary>
    public ContextValue? Context { get; }

    /// <summary>For a read: no serializer can be replaced through it (<see cref="SettingsEscape.KeepsSerializer"/>).</summary>
    public bool KeepsSerializer { get; }

    /// <summary>For a read: the object stays where this compilation sees every use (<see cref="SettingsEscape.StaysInScope(IOperation)"/>).</summary>
    public bool StaysInScope { get; }

    /// <summary>For a read of a context: it takes its <c>Options</c>.</summary>
    public bool ReadsOptions { get; }

    public static MemberFact Write(ISymbol member, SerializerValue value) => new(member, MemberFactKind.Write, value: value);

    public static MemberFact WriteContext(ISymbol member, ContextValue? context) => new(member, MemberFactKind.Write, context: context);

    public static MemberFact Read(ISymbol member, bool keepsSerializer, bool staysInScope, bool readsOptions) =>
        new(member, MemberFactKind.Read, keepsSerializer: keepsSerializer, staysInScope: staysInScope, readsOptions: readsOptions);

    public static MemberFact Unfollowable(ISymbol member) => new(member, MemberFactKind.Unfollowable);
}
