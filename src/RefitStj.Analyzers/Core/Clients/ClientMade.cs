namespace RefitStj.Analyzers.Core.Clients;

/// <summary>How a call makes its client: itself, or through a generic wrapper holding that creation alone or among several.</summary>
internal enum ClientMade
{
    /// <summary>The call creates the client itself (<c>RestService.For&lt;IApi&gt;(...)</c>).</summary>
    ByItsCall,

    /// <summary>A call of a generic wrapper that holds this creation alone over its type parameter: the call makes it.</summary>
    ThroughWrapper,

    /// <summary>A call of a generic wrapper that holds several creations over its type parameter: the call may make this one.</summary>
    MaybeThroughWrapper,
}
