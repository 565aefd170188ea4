namespace RefitStj.Analyzers.Rules.JsonNet;

/// <summary>Whether a client sends a type, reads it, or both (<see cref="ClientWireTypes"/>).</summary>
[Flags]
internal enum WireDirection
{
    /// <summary>Not reached.</summary>
    None = 0,

    /// <summary>Written into a request: a body, a form, a query object, or a member of one.</summary>
    Sends = 1,

    /// <summary>Read from a response, or a member of one.</summary>
    Reads = 2,
}
