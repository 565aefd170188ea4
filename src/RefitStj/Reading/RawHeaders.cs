using System.Net.Http.Headers;

namespace RefitStj.Reading;

/// <summary>Header values as received or set, without the parsing (and the objects) the typed header properties cost.</summary>
internal static class RawHeaders
{
    /// <summary>The first value of the header <paramref name="name"/>, or <see langword="null"/> when there is none.</summary>
    public static string? First(HttpContentHeaders headers, string name)
    {
        if (headers.NonValidated.TryGetValues(name, out var values))
        {
            foreach (var value in values)
            {
                return value;
            }
        }

        return null;
    }
}
