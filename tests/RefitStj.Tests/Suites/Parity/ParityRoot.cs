using System.Net.Http.Headers;
using System.Text.Json.Serialization;
using CsCheck;
using Refit;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.Parity;

/// <summary>What one serializer did with one input: a value, or the exception it threw.</summary>
internal sealed record Outcome(object? Value, Exception? Error)
{
    public static async Task<Outcome> OfAsync(Func<Task<object?>> action)
    {
        try
        {
            return new Outcome(await action(), null);
        }
#pragma warning disable CA1031 // Any exception is an outcome to compare, not a test failure.
        catch (Exception ex)
#pragma warning restore CA1031
        {
            return new Outcome(null, ex);
        }
    }

    public override string ToString() =>
        Error is { } error ? $"threw {error.GetType().Name}: {error.Message}"
        : Value is Written written ? $"wrote {written}"
        : $"read {Structural.Show(Value)}";
}

/// <summary>The body one serializer wrote, and its Content-Type.</summary>
internal sealed record Written(byte[] Body, string? ContentType)
{
    public override string ToString() => $"{ContentType} {ParityCheck.Visible(Body)}";
}

/// <summary>The request-body paths a serializer offers Refit.</summary>
internal enum WritePath
{
    ToHttpContent,
    ToHttpContentSynchronous,
    ToStreamingHttpContent,
}

/// <summary>A declared type the properties write and read, with a generator for its values.</summary>
internal abstract class ParityRoot(string name)
{
    public static readonly StjContentSerializer Ours = new();
    // Refit's serializer as a user of the line in use builds it (on 17, its defaults with a reflection resolver).
    public static readonly SystemTextJsonContentSerializer Builtin = RefitControl.Serializer();

    public string Name { get; } = name;

    public abstract Gen<object?> Values { get; }

    /// <summary>The declared type's default, which RefitStj returns for a blank body.</summary>
    public abstract object? Default { get; }

    /// <summary>
    /// False for interface and abstract types without polymorphism metadata: Refit's synchronous and streamed paths
    /// write their declared members only (pinned in KnownDifferencesTests), so only <see cref="WritePath.ToHttpContent"/> compares.
    /// </summary>
    public abstract bool SyncPathsComparable { get; }

    public abstract Task<Outcome> WriteAsync<TSerializer>(TSerializer serializer, object? value, WritePath path)
        where TSerializer : IHttpContentSerializer, ISynchronousContentSerializer;

    /// <summary>Reads <paramref name="body"/> as a buffered <c>application/json; charset=utf-8</c> response, as Refit 11.2+ hands it over.</summary>
    public abstract Task<Outcome> ReadAsync(IHttpContentSerializer serializer, byte[] body);

    public abstract Task<Outcome> ReadStringAsync(ISynchronousContentDeserializer serializer, string body);

    public override string ToString() => Name;

    protected static ByteArrayContent Json(byte[] body) =>
        new(body) { Headers = { ContentType = new MediaTypeHeaderValue("application/json") { CharSet = "utf-8" } } };
}

internal sealed class ParityRoot<T>(Gen<T> values) : ParityRoot(Describe(typeof(T)))
{
    public override Gen<object?> Values { get; } = values.Select(static value => (object?)value);

    public override object? Default => default(T);

    public override bool SyncPathsComparable { get; } =
        !(typeof(T).IsInterface || typeof(T).IsAbstract) || typeof(T).IsDefined(typeof(JsonDerivedTypeAttribute), inherit: false);

    public override Task<Outcome> WriteAsync<TSerializer>(TSerializer serializer, object? value, WritePath path) =>
        Outcome.OfAsync(async () =>
        {
            using var content = path switch
            {
                WritePath.ToHttpContent => serializer.ToHttpContent((T)value!),
                WritePath.ToHttpContentSynchronous => serializer.ToHttpContentSynchronous((T)value!),
                _ => serializer.ToStreamingHttpContent((T)value!),
            };
            using var wire = new MemoryStream();
            await content.CopyToAsync(wire);
            return new Written(wire.ToArray(), content.Headers.ContentType?.ToString());
        });

    public override Task<Outcome> ReadAsync(IHttpContentSerializer serializer, byte[] body) =>
        Outcome.OfAsync(async () => await serializer.FromHttpContentAsync<T>(Json(body)));

    public override Task<Outcome> ReadStringAsync(ISynchronousContentDeserializer serializer, string body) =>
        Outcome.OfAsync(() => Task.FromResult<object?>(serializer.DeserializeFromString<T>(body)));

    private static string Describe(Type type) =>
        type.IsGenericType
            ? $"{type.Name[..type.Name.IndexOf('`', StringComparison.Ordinal)]}<{string.Join(", ", type.GetGenericArguments().Select(Describe))}>"
            : type.Name;
}
