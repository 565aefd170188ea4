using System.Text.RegularExpressions;

namespace RefitStj.Analyzers.Tests.Support;

/// <summary>
/// The Refit line the test compilations reference (RefitVersion's major, as the build's REFIT17 says), and the one place
/// where a test source is made valid on it: the sources are written as a Refit 16 app creates clients, and on Refit 17,
/// which removed <c>RestService.For</c> and <c>Add(Keyed)RefitClient</c> (Refit.Reflection, not referenced), each such
/// call becomes the generated entry point of the same shape (<c>ForGenerated</c>, <c>Add(Keyed)RefitGeneratedClient</c>),
/// as a Refit 17 user writes it. Every rule is so tested on each line with the entry points that line has.
/// </summary>
internal static partial class RefitLine
{
#if REFIT17
    /// <summary>The major of the Refit the compilations reference.</summary>
    public const int Major = 17;
#else
    /// <summary>The major of the Refit the compilations reference.</summary>
    public const int Major = 16;
#endif

    /// <summary>Whether the compilations reference Refit 17, whose default wire format differs from 16's.</summary>
    public static bool Is17 => Major == 17;

    /// <summary>What a test expects on the line the compilations reference: <paramref name="refit16"/> or <paramref name="refit17"/>.</summary>
    public static T Pick<T>(T refit16, T refit17) => Is17 ? refit17 : refit16;

    /// <summary><paramref name="source"/> with its client creations in the form the referenced Refit has.</summary>
    public static string Source(string source) =>
        Is17 ? Registration().Replace(RestServiceFor().Replace(source, "RestService.ForGenerated"), "Add${keyed}RefitGeneratedClient") : source;

    [GeneratedRegex(@"\bRestService\.For(?=\s*[<(])")]
    private static partial Regex RestServiceFor();

    [GeneratedRegex(@"\bAdd(?<keyed>Keyed)?RefitClient\b")]
    private static partial Regex Registration();
}
