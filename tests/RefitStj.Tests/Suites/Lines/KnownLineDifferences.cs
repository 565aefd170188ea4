namespace RefitStj.Tests.Suites.Lines;

/// <summary>What one side of a call sent (as the server saw it) and what its caller got.</summary>
internal sealed record Observed(string Request, string Value);

/// <summary>A call on which RefitStj is known to differ from Refit's serializer on the loaded line: both sides pinned exactly.</summary>
internal sealed record KnownDifference(string Call, string Pairing, string Why, Observed Refit, Observed RefitStj);

/// <summary>The documented differences (docs/compatibility.md, "Known differences") as this suite meets them, per Refit line.</summary>
internal static class KnownLineDifferences
{
    private const string InterfacePost = "POST /echo/interface | application/json; charset=utf-8 | transfer-encoding: chunked | ";

    public static IReadOnlyList<KnownDifference> ForLoadedLine { get; } =
    [
        .. InterfaceBodyStreamed("defaults"),
        .. InterfaceBodyStreamed("context"),
        .. InterfaceBodyStreamed("refit-options"),
#if !REFIT17
        // 16.x asks the serializer for problem details; Refit's over a context has no reflection to build them.
        new(
            "problem-json-error",
            "context",
            "problem+json over a context: ValidationApiException with the ProblemDetails (Refit's: a plain ApiException)",
            new("GET /problem | (no type) | no length | ", "throws ApiException 400"),
            new("GET /problem | (no type) | no length | ", "throws ValidationApiException 400 " + Problem)),
#endif
    ];

    private const string Problem =
        """{"clr":"ProblemDetails","value":{"Errors":{"name":["required"]},"Type":"https://example.test/validation","Title":"Invalid","Status":400,"Detail":"Name is required","Instance":"/problem"}}""";

    public static KnownDifference? Find(string call, string pairing) =>
        ForLoadedLine.SingleOrDefault(known => known.Call == call && known.Pairing == pairing);

    /// <summary>An interface body without polymorphism metadata in the Streamed mode: Refit writes the declared type's members only.</summary>
    private static KnownDifference[] InterfaceBodyStreamed(string pairing) =>
    [
        new(
            "interface-body-streamed",
            pairing,
            "interface body, Streamed mode: RefitStj writes the runtime type (Refit's: the interface's members only)",
            new(InterfacePost + """{"label":"sq"}""", """{"clr":"LineSquare","value":{"Label":"sq","Side":0}}"""),
            new(InterfacePost + """{"label":"sq","side":2}""", """{"clr":"LineSquare","value":{"Label":"sq","Side":2}}""")),
    ];
}
