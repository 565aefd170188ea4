namespace RefitStj.Analyzers.Core.Contexts;

/// <summary>Which of RSTJ001's reports a gap is.</summary>
internal enum ContextGapKind
{
    /// <summary>A type the contract names.</summary>
    Declared,

    /// <summary>A concrete type an interface or abstract body may be at run time.</summary>
    RuntimeType,

    /// <summary>The types an <c>object</c> value in a body may be.</summary>
    ObjectValues,
}
