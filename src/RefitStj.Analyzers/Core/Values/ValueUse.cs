namespace RefitStj.Analyzers.Core.Values;

/// <summary>How the pairing model reads a value: as settings (or a settings action), as a serializer, or as a context.</summary>
internal enum ValueUse
{
    /// <summary>A <c>RefitSettings</c>, or a delegate that returns one: its serializer.</summary>
    Settings,

    /// <summary>A content serializer.</summary>
    Serializer,

    /// <summary>A <c>JsonSerializerContext</c>: its type, and whether it has its attribute's options.</summary>
    Context,
}
