using System.Reflection;
using System.Reflection.Emit;
using System.Text.Json;
using System.Text.Json.Serialization;
using Refit;
using RefitStj.Serialization;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Serialization;

/// <summary>
/// <c>[JsonStringEnumMemberName]</c> on whatever runtime runs the tests. The tests' net8.0 build cannot name the attribute,
/// so the enums carrying it are built at run time; on the .NET 8 runtime, which has no such attribute, they are built
/// without it and every name is camelCase.
/// </summary>
public sealed class RefitMemberNamesTests
{
    private static readonly ConstructorInfo? s_attribute = Type
        .GetType("System.Text.Json.Serialization.JsonStringEnumMemberNameAttribute, System.Text.Json")
        ?.GetConstructor([typeof(string)]);

    // Infrared = 0, [JsonStringEnumMemberName("ultra-violet")] UltraViolet = 1.
    private static readonly Type s_light = BuildLight(alias: false);

    // The same, then [JsonStringEnumMemberName("black-light")] Blacklight = 1: the last field declared names 1.
    private static readonly Type s_aliased = BuildLight(alias: true);

    // System.Text.Json's own converter: what Refit's net9.0 and later builds follow for this attribute.
    private static readonly JsonSerializerOptions s_stj = new() { Converters = { new JsonStringEnumConverter(JsonNamingPolicy.CamelCase) } };

    private static bool RuntimeHasAttribute => s_attribute is not null;

    [Fact]
    public void The_Runtime_Has_The_Attribute_From_Dotnet_9_On()
    {
        Assert.Equal(Environment.Version.Major >= 9, RuntimeHasAttribute);
    }

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    public async Task Writes_What_The_Loaded_Refit_Build_Writes(int number)
    {
        var value = Enum.ToObject(s_light, number);
        using var refits = RefitControl.Serializer().ToHttpContent<object>(value);

        Assert.Equal(await Bodies.TextOf(refits), JsonSerializer.Serialize<object>(value, Fresh()));
    }

    [Fact]
    public void When_Honoured_A_Member_Name_Is_Written_As_System_Text_Json_Writes_It()
    {
        var ultraViolet = Enum.ToObject(s_light, 1);

        var honoured = JsonSerializer.Serialize(ultraViolet, s_light, With(s_light, memberNames: true));

        Assert.Equal(RuntimeHasAttribute ? "\"ultra-violet\"" : "\"ultraViolet\"", honoured);
        Assert.Equal(JsonSerializer.Serialize(ultraViolet, s_light, s_stj), honoured);
        Assert.Equal("\"infrared\"", JsonSerializer.Serialize(Enum.ToObject(s_light, 0), s_light, With(s_light, memberNames: true)));
        Assert.Equal("\"ultraViolet\"", JsonSerializer.Serialize(ultraViolet, s_light, With(s_light, memberNames: false)));
    }

    [Theory]
    [InlineData("\"black-light\"", true)]
    [InlineData("\"BLACK-LIGHT\"", true)]
    [InlineData("\"ultra-violet\"", true)]
    [InlineData("\"Blacklight\"", false)]
    [InlineData("\"blacklight\"", false)]
    [InlineData("\"UltraViolet\"", false)]
    [InlineData("\"ultraViolet\"", false)]
    public void When_Honoured_The_Last_Field_Names_A_Value_And_Every_Name_Reads_Back(string json, bool needsAttribute)
    {
        var options = With(s_aliased, memberNames: true);
        var one = Enum.ToObject(s_aliased, 1);

        Assert.Equal(RuntimeHasAttribute ? "\"black-light\"" : "\"blacklight\"", JsonSerializer.Serialize(one, s_aliased, options));
        if (needsAttribute && !RuntimeHasAttribute)
        {
            Assert.Throws<JsonException>(() => JsonSerializer.Deserialize(json, s_aliased, options));
        }
        else
        {
            Assert.Equal(one, JsonSerializer.Deserialize(json, s_aliased, options));
        }
    }

#if !NET9_0_OR_GREATER
    [Fact]
    public void The_Net8_Build_Reads_The_Attribute_From_Metadata_On_Runtimes_That_Have_It()
    {
        Assert.Equal(RuntimeHasAttribute ? "ultra-violet" : null, RefitMemberNames.Of(s_light.GetField("UltraViolet")!));
        Assert.Null(RefitMemberNames.Of(s_light.GetField("Infrared")!));
        Assert.Null(RefitMemberNames.Of(typeof(OrderStatus).GetField(nameof(OrderStatus.LostInSpace))!));
    }

    [Theory]
    [InlineData(".NETCoreApp,Version=v8.0", false)]
    [InlineData(".NETCoreApp,Version=v9.0", true)]
    [InlineData(".NETCoreApp,Version=v10.0", true)]
    [InlineData(null, true)]
    [InlineData("not a framework name", true)]
    public void Names_Are_Honoured_Where_The_Refit_Build_Targets_Dotnet_9_Or_Later(string? target, bool honoured)
    {
        var refit = AssemblyBuilder.DefineDynamicAssembly(new AssemblyName("Refit"), AssemblyBuilderAccess.Run);
        if (target is not null)
        {
            refit.SetCustomAttribute(new CustomAttributeBuilder(
                typeof(System.Runtime.Versioning.TargetFrameworkAttribute).GetConstructor([typeof(string)])!, [target]));
        }

        Assert.Equal(honoured, RefitMemberNames.HonouredBy(refit));
    }

    [Fact]
    public void The_Refit_Build_These_Tests_Load_Is_Its_Net8_Build_On_Every_Runtime()
    {
        // Why Writes_What_The_Loaded_Refit_Build_Writes sees camelCase here on .NET 9: a .NET 9 app loads Refit's net9.0 build.
        Assert.Equal(
            ".NETCoreApp,Version=v8.0",
            typeof(RefitSettings).Assembly.GetCustomAttribute<System.Runtime.Versioning.TargetFrameworkAttribute>()!.FrameworkName);
        Assert.False(RefitMemberNames.Honoured);
    }
#endif

    // Converters are built once per options instance, so a test of what their construction decides needs its own options.
    private static JsonSerializerOptions Fresh() => StjContentSerializer.CreateDefaultOptions();

    // The converter as it is built where the loaded Refit build does (or does not) honour the attribute.
    private static JsonSerializerOptions With(Type enumType, bool memberNames)
    {
        var converter = (JsonConverter)Activator.CreateInstance(
            typeof(RefitEnumValueConverter<>).MakeGenericType(enumType),
            BindingFlags.Instance | BindingFlags.NonPublic,
            binder: null,
            [memberNames],
            culture: null)!;
        var options = Fresh();
        options.Converters.Insert(0, converter);
        return options;
    }

    private static Type BuildLight(bool alias)
    {
        var assembly = AssemblyBuilder.DefineDynamicAssembly(new AssemblyName("RuntimeEnums" + (alias ? "Aliased" : string.Empty)), AssemblyBuilderAccess.Run);
        var light = assembly.DefineDynamicModule("RuntimeEnums").DefineEnum("Light", TypeAttributes.Public, typeof(int));
        light.DefineLiteral("Infrared", 0);
        Named(light.DefineLiteral("UltraViolet", 1), "ultra-violet");
        if (alias)
        {
            Named(light.DefineLiteral("Blacklight", 1), "black-light");
        }

        return light.CreateType();

        static void Named(FieldBuilder field, string name)
        {
            if (s_attribute is { } attribute)
            {
                field.SetCustomAttribute(new CustomAttributeBuilder(attribute, [name]));
            }
        }
    }
}
