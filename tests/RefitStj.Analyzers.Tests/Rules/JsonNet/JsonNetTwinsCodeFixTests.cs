using Microsoft.CodeAnalysis.Testing;
using RefitStj.Analyzers.CodeFixes.Rules.JsonNet;
using RefitStj.Analyzers.Tests.Support;
using static RefitStj.Analyzers.Tests.Rules.JsonNet.JsonNetAttributesRuleTests;

namespace RefitStj.Analyzers.Tests.Rules.JsonNet;

/// <summary>
/// The RSTJ007 fix's exact output, one diagnostic at a time and fix-all (the same file): the System.Text.Json twins after
/// JSON.NET's attributes, which stay; fully qualified where the file imports JSON.NET's namespace (a using would make its
/// attributes ambiguous), short with the using added where it does not; each twin once; the fixed file compiles (the test
/// kit fails on a compiler error in it).
/// </summary>
public sealed class JsonNetTwinsCodeFixTests
{
    // RSTJ007 is reported at the compilation's end: its fix runs where the IDE analyses the whole solution, and in dotnet format.
    private const CodeFixTestBehaviors CompilationEnd = CodeFixTestBehaviors.SkipLocalDiagnosticCheck;

    [Fact]
    public async Task Writes_Fully_Qualified_Twins_Where_The_File_Imports_JsonNet()
    {
        var source = Source("""
            public sealed class User
            {
                [{|#0:JsonProperty("avatar_url", Order = 2, NullValueHandling = NullValueHandling.Ignore)|}]
                public string? AvatarUrl { get; set; }

                [{|#1:JsonIgnore|}] public string? Secret { get; set; }

                [{|#2:JsonConverter(typeof(StringEnumConverter))|}]
                public Kind Kind { get; set; }
            }

            [{|#3:JsonConverter(typeof(StringEnumConverter))|}]
            public enum Kind
            {
                [{|#4:EnumMember(Value = "first_one")|}]
                First,
                Second,
            }
            """);
        var fixedSource = Source("""
            public sealed class User
            {
                [JsonProperty("avatar_url", Order = 2, NullValueHandling = NullValueHandling.Ignore)]
                [System.Text.Json.Serialization.JsonPropertyName("avatar_url")]
                [System.Text.Json.Serialization.JsonPropertyOrder(3)]
                [System.Text.Json.Serialization.JsonIgnore(Condition = System.Text.Json.Serialization.JsonIgnoreCondition.WhenWritingNull)]
                public string? AvatarUrl { get; set; }

                [JsonIgnore] [System.Text.Json.Serialization.JsonIgnore] public string? Secret { get; set; }

                [JsonConverter(typeof(StringEnumConverter))]
                [System.Text.Json.Serialization.JsonConverter(typeof(System.Text.Json.Serialization.JsonStringEnumConverter<Kind>))]
                public Kind Kind { get; set; }
            }

            [JsonConverter(typeof(StringEnumConverter))]
            [System.Text.Json.Serialization.JsonConverter(typeof(System.Text.Json.Serialization.JsonStringEnumConverter<Kind>))]
            public enum Kind
            {
                [EnumMember(Value = "first_one")]
                [System.Text.Json.Serialization.JsonStringEnumMemberName("first_one")]
                First,
                [System.Text.Json.Serialization.JsonStringEnumMemberName("Second")]
                Second,
            }
            """);
        const string Enum = "[JsonConverter(typeof(JsonStringEnumConverter<Kind>))], [JsonStringEnumMemberName(\"first_one\")] on 'First', [JsonStringEnumMemberName(\"Second\")] on 'Second'";
        DiagnosticResult[] expected =
        [
            Twin(0, "JSON.NET's [JsonProperty]", "'User.AvatarUrl'", "[JsonPropertyName(\"avatar_url\")], [JsonPropertyOrder(3)], [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]"),
            Twin(1, "JSON.NET's [JsonIgnore]", "'User.Secret'", "[JsonIgnore]"),
            Twin(2, "JSON.NET's [JsonConverter(typeof(StringEnumConverter))]", "'User.Kind'", "[JsonConverter(typeof(JsonStringEnumConverter<Kind>))]"),
            Twin(3, "JSON.NET's [JsonConverter(typeof(StringEnumConverter))]", "'Kind'", Enum),
            Twin(4, "[EnumMember]", "'Kind.First'", "[JsonStringEnumMemberName(\"first_one\")]"),
        ];

        // The enum's fix names 'First' too, which clears its [EnumMember]'s diagnostic: at most five fixes, one at a time.
        await Verify.CodeFixAsync<JsonNetTwinsCodeFix>(RuleIds, [source], [fixedSource], expected, -5, CompilationEnd);
    }

    [Fact]
    public async Task Puts_Enum_Member_Names_Under_If_Net9_Where_The_Target_Has_Them_From_The_Framework()
    {
        // A project targeting net8.0 and net10.0: the fix runs on net10.0, whose framework has JsonStringEnumMemberName;
        // net8.0's has none, and net8.0's analyzer never sees net10.0's fix: unguarded, the attribute breaks net8.0's build.
        var source = Source("""
            public sealed class User { public Kind Kind { get; set; } }

            public enum Kind
            {
                [{|#0:EnumMember(Value = "first_one")|}] First,
                [{|#1:EnumMember(Value = "second_one")|}]
                Second,
            }
            """);
        var fixedSource = Source("""
            public sealed class User { public Kind Kind { get; set; } }

            public enum Kind
            {
                [EnumMember(Value = "first_one")]
                #if NET9_0_OR_GREATER
                [System.Text.Json.Serialization.JsonStringEnumMemberName("first_one")]
                #endif
                First,
                [EnumMember(Value = "second_one")]
                #if NET9_0_OR_GREATER
                [System.Text.Json.Serialization.JsonStringEnumMemberName("second_one")]
                #endif
                Second,
            }
            """);
        DiagnosticResult[] expected =
        [
            Twin(0, "[EnumMember]", "'Kind.First'", "[JsonStringEnumMemberName(\"first_one\")]"),
            Twin(1, "[EnumMember]", "'Kind.Second'", "[JsonStringEnumMemberName(\"second_one\")]"),
        ];
        await Verify.CodeFixAsync<JsonNetTwinsCodeFix>(RuleIds, [source], [fixedSource], expected, 2, CompilationEnd, ["NET", "NET10_0", "NET9_0_OR_GREATER", "NET8_0_OR_GREATER"]);
    }

    [Fact]
    public async Task Writes_A_Records_Twin_On_Its_Positional_Parameter_For_The_Property()
    {
        var source = Source("""
            public sealed record User([property: {|#0:JsonProperty("avatar_url")|}] string? AvatarUrl);
            """);
        var fixedSource = Source("""
            public sealed record User([property: JsonProperty("avatar_url")] [property: System.Text.Json.Serialization.JsonPropertyName("avatar_url")] string? AvatarUrl);
            """);
        await Verify.CodeFixAsync<JsonNetTwinsCodeFix>(RuleIds, [source], [fixedSource], [Twin(0, "JSON.NET's [JsonProperty]", "'User.AvatarUrl'", "[JsonPropertyName(\"avatar_url\")]")], 1, CompilationEnd);
    }

    [Fact]
    public async Task Writes_Short_Twins_And_Adds_The_Using_Once_Where_The_File_Does_Not_Import_JsonNet()
    {
        const string Usings = "";
        var source = Source("""
            [DataContract]
            public sealed class User
            {
                [{|#0:DataMember(Name = "avatar_url", IsRequired = true)|}]
                public string? AvatarUrl { get; set; }

                [{|#1:Newtonsoft.Json.JsonConstructor|}]
                public User(string? avatarUrl, IDictionary<string, object>? extra) { AvatarUrl = avatarUrl; Extra = extra; }

                [{|#2:Newtonsoft.Json.JsonExtensionData|}]
                public IDictionary<string, object>? Extra { get; set; }
            }
            """, usings: Usings);
        var fixedSource = Source("""
            [DataContract]
            public sealed class User
            {
                [DataMember(Name = "avatar_url", IsRequired = true)]
                [JsonPropertyName("avatar_url")]
                [JsonRequired]
                public string? AvatarUrl { get; set; }

                [Newtonsoft.Json.JsonConstructor]
                [JsonConstructor]
                public User(string? avatarUrl, IDictionary<string, object>? extra) { AvatarUrl = avatarUrl; Extra = extra; }

                [Newtonsoft.Json.JsonExtensionData]
                [JsonExtensionData]
                public IDictionary<string, object>? Extra { get; set; }
            }
            """, usings: Usings).Replace("using RefitStj;", "using RefitStj;\nusing System.Text.Json.Serialization;", StringComparison.Ordinal);
        DiagnosticResult[] expected =
        [
            Twin(0, "[DataMember]", "'User.AvatarUrl'", "[JsonPropertyName(\"avatar_url\")], [JsonRequired]"),
            Twin(1, "JSON.NET's [JsonConstructor]", "the constructor of 'User'", "[JsonConstructor]"),
            Twin(2, "JSON.NET's [JsonExtensionData]", "'User.Extra'", "[JsonExtensionData]"),
        ];
        await Verify.CodeFixAsync<JsonNetTwinsCodeFix>(RuleIds, [source], [fixedSource], expected, 3, CompilationEnd);
    }

    [Fact]
    public async Task Writes_JsonIgnore_On_Each_Property_A_DataContract_Leaves_Out_At_Its_Indentation_Under_A_Doc_Comment()
    {
        const string Usings = "";
        var source = Source("""
            [{|#0:DataContract|}]
            public sealed class User
            {
                /// <summary>The user's login.</summary>
                [{|#1:DataMember(Name = "login")|}]
                public string? Login { get; set; }

                public string? Cache { get; set; }

                /// <summary>Derived, never sent.</summary>
                public int Count => 0;
            }
            """, usings: Usings);
        var fixedSource = Source("""
            [DataContract]
            public sealed class User
            {
                /// <summary>The user's login.</summary>
                [DataMember(Name = "login")]
                [JsonPropertyName("login")]
                public string? Login { get; set; }

                [JsonIgnore]
                public string? Cache { get; set; }

                /// <summary>Derived, never sent.</summary>
                [JsonIgnore]
                public int Count => 0;
            }
            """, usings: Usings).Replace("using RefitStj;", "using RefitStj;\nusing System.Text.Json.Serialization;", StringComparison.Ordinal);
        DiagnosticResult[] expected =
        [
            Twin(0, "[DataContract]", "'User'", "[JsonIgnore] on 'Cache', [JsonIgnore] on 'Count'"),
            Twin(1, "[DataMember]", "'User.Login'", "[JsonPropertyName(\"login\")]"),
        ];
        await Verify.CodeFixAsync<JsonNetTwinsCodeFix>(RuleIds, [source], [fixedSource], expected, 2, CompilationEnd);
    }

    [Fact]
    public async Task Writes_The_Opt_In_Twin_On_The_Property_Not_An_Explicit_Implementation_And_Indents_Under_A_Region()
    {
        const string Usings = "";
        var source = Source("""
            public interface IHas
            {
                int Cache { get; }
            }

            [{|#0:DataContract|}]
            public sealed class User : IHas
            {
                int IHas.Cache => 1;

                #region Cached
                public int Cache { get; set; }
                #endregion
            }
            """, usings: Usings);
        var fixedSource = Source("""
            public interface IHas
            {
                int Cache { get; }
            }

            [DataContract]
            public sealed class User : IHas
            {
                int IHas.Cache => 1;

                #region Cached
                [JsonIgnore]
                public int Cache { get; set; }
                #endregion
            }
            """, usings: Usings).Replace("using RefitStj;", "using RefitStj;\nusing System.Text.Json.Serialization;", StringComparison.Ordinal);
        await Verify.CodeFixAsync<JsonNetTwinsCodeFix>(RuleIds, [source], [fixedSource], [Twin(0, "[DataContract]", "'User'", "[JsonIgnore] on 'Cache'")], 1, CompilationEnd);
    }

    [Fact]
    public async Task Writes_Short_Twins_Without_A_Using_Where_The_Namespace_Is_Imported()
    {
        const string Usings = "using System.Text.Json.Serialization;";
        var source = Source("""
            public sealed class User
            {
                [{|#0:Newtonsoft.Json.JsonProperty("score")|}]
                public double Score;
            }
            """, usings: Usings);
        var fixedSource = Source("""
            public sealed class User
            {
                [Newtonsoft.Json.JsonProperty("score")]
                [JsonPropertyName("score")]
                [JsonInclude]
                public double Score;
            }
            """, usings: Usings);
        await Verify.CodeFixAsync<JsonNetTwinsCodeFix>(RuleIds, [source], [fixedSource], [Twin(0, "JSON.NET's [JsonProperty]", "'User.Score'", "[JsonPropertyName(\"score\")], [JsonInclude]")], 1, CompilationEnd);
    }

    [Theory]
    [InlineData("Kind?")]
    [InlineData("global::System.Nullable<Kind>")]
    [InlineData("System.Nullable<Kind>")]
    public async Task Names_The_Enum_Of_A_Nullable_Member_In_Its_Converter(string type)
    {
        // JsonStringEnumConverter<T> takes the enum, not the Nullable<T> around it (T must be a non-nullable value type).
        const string Shape = """
            public sealed class User
            {
                ATTRIBUTES
                public TYPE Kind { get; set; }
            }

            public enum Kind
            {
                First,
            }
            """;
        var source = Source(Shape.Replace("ATTRIBUTES", "[{|#0:JsonConverter(typeof(StringEnumConverter))|}]", StringComparison.Ordinal).Replace("TYPE", type, StringComparison.Ordinal));
        var fixedSource = Source(Shape.Replace("ATTRIBUTES", "[JsonConverter(typeof(StringEnumConverter))]\n    [System.Text.Json.Serialization.JsonConverter(typeof(System.Text.Json.Serialization.JsonStringEnumConverter<Kind>))]", StringComparison.Ordinal).Replace("TYPE", type, StringComparison.Ordinal));
        var expected = Twin(0, "JSON.NET's [JsonConverter(typeof(StringEnumConverter))]", "'User.Kind'", "[JsonConverter(typeof(JsonStringEnumConverter<Kind>))]");
        await Verify.CodeFixAsync<JsonNetTwinsCodeFix>(RuleIds, [source], [fixedSource], [expected], 1, CompilationEnd);
    }

    [Fact]
    public async Task Names_The_Enum_Of_A_Records_Positional_Parameter_By_Its_Type_Not_Its_Name()
    {
        var source = Source("""
            public sealed record User([property: {|#0:JsonConverter(typeof(StringEnumConverter))|}] Kind? Status);

            public enum Kind
            {
                First,
            }
            """);
        var fixedSource = Source("""
            public sealed record User([property: JsonConverter(typeof(StringEnumConverter))] [property: System.Text.Json.Serialization.JsonConverter(typeof(System.Text.Json.Serialization.JsonStringEnumConverter<Kind>))] Kind? Status);

            public enum Kind
            {
                First,
            }
            """);
        var expected = Twin(0, "JSON.NET's [JsonConverter(typeof(StringEnumConverter))]", "'User.Status'", "[JsonConverter(typeof(JsonStringEnumConverter<Kind>))]");
        await Verify.CodeFixAsync<JsonNetTwinsCodeFix>(RuleIds, [source], [fixedSource], [expected], 1, CompilationEnd);
    }

    [Fact]
    public async Task Offers_No_Fix_Where_There_Is_No_Twin()
    {
        var source = Source("""
            public sealed class User
            {
                [{|#0:JsonProperty(TypeNameHandling = TypeNameHandling.All)|}]
                public object? Payload { get; set; }
            }
            """);
        var expected = NoTwin(0, "JSON.NET's [JsonProperty]", "'User.Payload'", "JSON.NET's $type polymorphism (TypeNameHandling) has no attribute here: declare the subtypes on the base type with [JsonPolymorphic] and [JsonDerivedType(typeof(Subtype), \"name\")] (the discriminator's name and values change)");
        await Verify.CodeFixAsync<JsonNetTwinsCodeFix>(RuleIds, [source], [source], [expected], 0, CompilationEnd);
    }
}
