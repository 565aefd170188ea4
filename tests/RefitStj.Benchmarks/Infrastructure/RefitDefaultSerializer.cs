using Refit;
#if REFIT17
using System.Text.Json.Serialization.Metadata;
#endif

namespace RefitStj.Benchmarks.Infrastructure;

/// <summary>The baseline rows: Refit's own serializer as a user of the loaded Refit line creates it.</summary>
public static class RefitDefaultSerializer
{
    /// <summary>Refit's serializer with its defaults.</summary>
    public static SystemTextJsonContentSerializer Create()
    {
#if REFIT17
        // Refit 17 resolves nothing without Refit.Reflection: its users add System.Text.Json's reflection resolver.
        var options = SystemTextJsonContentSerializer.GetDefaultJsonSerializerOptions();
        options.TypeInfoResolver = new DefaultJsonTypeInfoResolver();
        return new SystemTextJsonContentSerializer(options);
#else
        return new SystemTextJsonContentSerializer();
#endif
    }

    /// <summary>Refit's serializer writing Refit 16's wire (camelCase enums, inferred objects) on either line.</summary>
    public static SystemTextJsonContentSerializer CreateRefit16Wire()
    {
#if REFIT17
        // Refit 17 dropped that format from its defaults: its users who keep it bring such options.
        var options = StjContentSerializer.CreateRefit16Options();
        options.TypeInfoResolver = new DefaultJsonTypeInfoResolver();
        return new SystemTextJsonContentSerializer(options);
#else
        return new SystemTextJsonContentSerializer();
#endif
    }
}
