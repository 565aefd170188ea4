using System.Text.Json;
using Refit;

namespace RefitStj.Tests.Suites.Lines;

internal enum Side
{
    RefitStj,
    Refit,
}

/// <summary>RefitStj beside Refit's own serializer, each configured as a user of the loaded line would configure it.</summary>
internal sealed record Pairing(string Name, Func<RefitSettings> RefitStj, Func<RefitSettings> Refit)
{
    /// <summary>The serializers are made once per pairing (their metadata caches are per options), the settings per call.</summary>
    public static IReadOnlyList<Pairing> All { get; } = Create();

    public RefitSettings Settings(Side side) => side == Side.RefitStj ? RefitStj() : Refit();

    public override string ToString() => Name;

    private static Pairing[] Create()
    {
        var stjDefaults = new StjContentSerializer();
#if REFIT17
        // Refit 17's parameterless serializer has no resolver (Refit.Reflection is not served): its user gives one.
        var refitDefaults = new SystemTextJsonContentSerializer(RefitOptions());
#else
        var refitDefaults = new SystemTextJsonContentSerializer();
#endif
        var stjOptions = new StjContentSerializer(RefitOptions());
        var refitOptions = new SystemTextJsonContentSerializer(RefitOptions());
        return
        [
            new("defaults", () => new RefitSettings(stjDefaults), () => new RefitSettings(refitDefaults)),
#pragma warning disable RSTJ003 // Refit's own serializer over the context is the control this pairing compares with.
            new("context", () => new RefitSettings(new StjContentSerializer(LineContext.Default)), () => RefitSettings.ForJsonContext(LineContext.Default)),
#pragma warning restore RSTJ003
            new("refit-options", () => new RefitSettings(stjOptions), () => new RefitSettings(refitOptions)),
        ];
    }

    /// <summary>Refit's <c>GetDefaultJsonSerializerOptions()</c>; Refit 17's carry no resolver, so a reflection one is added as a 17 user would.</summary>
    private static JsonSerializerOptions RefitOptions()
    {
        var options = SystemTextJsonContentSerializer.GetDefaultJsonSerializerOptions();
#if REFIT17
        options.TypeInfoResolver = new System.Text.Json.Serialization.Metadata.DefaultJsonTypeInfoResolver();
#endif
        return options;
    }
}
