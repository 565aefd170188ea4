namespace RefitStj.Analyzers.Core.Values;

/// <summary>What a <see cref="MemberFact"/> is.</summary>
internal enum MemberFactKind
{
    /// <summary>The member is written with a value.</summary>
    Write,

    /// <summary>The member is read.</summary>
    Read,

    /// <summary>The member is written in a way that cannot be followed (by reference, compound, deconstructed).</summary>
    Unfollowable,
}
