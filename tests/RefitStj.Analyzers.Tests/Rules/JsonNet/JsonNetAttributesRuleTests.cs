using Microsoft.CodeAnalysis.Testing;
using RefitStj.Analyzers.Rules;
using RefitStj.Analyzers.Tests.Support;

namespace RefitStj.Analyzers.Tests.Rules.JsonNet;

/// <summary>
/// RSTJ007 at each JSON.NET or DataContract attribute System.Text.Json ignores on a type a client that may run on RefitStj
/// sends or reads (bodies, replies, members, elements, base types, forms), with the twin it names or what to write where
/// there is none; silence on types no such client uses, on <c>[Query]</c> objects (Refit names their keys by
/// <c>[JsonPropertyName]</c> and never asked JSON.NET, so a twin would rename them), on attributes whose twin is there,
/// and on clients of Refit's own serializer or of a serializer the code does not show.
/// </summary>
public sealed class JsonNetAttributesRuleTests
{
    internal const string OnRefitStj = "RestService.For<IApi>(http, new RefitSettings(new StjContentSerializer()))";

    internal static readonly string[] RuleIds = [Descriptors.Rstj007];

    private const string StarsNull = "JSON.NET skips a null in a reply and keeps the member's value; System.Text.Json cannot read null into 'int' and throws JsonException: give 'Stars' the type 'int?' and read a null as no value";
    private const string WhenWritingNull = "[JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]";

    [Theory]
    [InlineData("RestService.For<IApi>(http, new RefitSettings(new StjContentSerializer()))")]
    [InlineData("RestService.For<IApi>(http, new RefitSettings(new StjContentSerializer(AppJsonContext.Default)))")]
    [InlineData("RestService.For<IApi>(http, flag ? new RefitSettings() : new RefitSettings(new StjContentSerializer()))")]
    public async Task Reports_An_Ignored_Name_On_A_Type_A_Client_On_RefitStj_Reads(string create)
    {
        var source = Source(User("[{|#0:JsonProperty(\"avatar_url\")|}]"), create);
        await AnalyzeAsync(source, Twin(0, "JSON.NET's [JsonProperty]", "'User.AvatarUrl'", "[JsonPropertyName(\"avatar_url\")]"));
    }

    [Theory]
    [InlineData("RestService.For<IApi>(http)")]
    [InlineData("RestService.For<IApi>(http, new RefitSettings())")]
    [InlineData("RestService.For<IApi>(http, new RefitSettings(new SystemTextJsonContentSerializer()))")]
    [InlineData("RestService.For<IApi>(http, settings)")]
    public async Task Is_Silent_For_Clients_Of_Refits_Own_Serializer_Or_Of_One_The_Code_Does_Not_Show(string create)
    {
        await AnalyzeAsync(Source(User("[JsonProperty(\"avatar_url\")]"), create));
    }

    [Fact]
    public async Task Is_Silent_On_Types_No_Client_Sends_Or_Reads_And_Where_The_Twin_Is_Written()
    {
        var source = Source(User("[JsonProperty(\"avatar_url\")][System.Text.Json.Serialization.JsonPropertyName(\"avatar_url\")]") + """

            public sealed class Unused
            {
                [JsonProperty("x")]
                public string? X { get; set; }
            }
            """);
        await AnalyzeAsync(source);
    }

    [Fact]
    public async Task Reaches_Bodies_Members_Elements_Base_Types_And_Forms_Each_With_Its_Direction_But_Not_Query_Objects()
    {
        var source = Source("""
            public class Entity { [{|#0:JsonProperty("ref_id")|}] public string? RefId { get; set; } }
            public sealed class User : Entity { public List<Repo>? Repos { get; set; } }
            public sealed class Repo { [{|#1:JsonProperty("full_name")|}] public string? FullName { get; set; } }
            public sealed class NewUser { [{|#2:JsonProperty("user_name")|}] public string? UserName { get; set; } public Repo? First { get; set; } }
            public sealed class SignUp { [{|#3:JsonProperty("user_name")|}] public string? UserName { get; set; } }
            public sealed class Filter { [JsonProperty("min_stars")] public int MinStars { get; set; } }
            """, members: """
            [Post("/users")]
            Task Create([Body] NewUser user);

            [Post("/signup")]
            Task SignUp([Body(BodySerializationMethod.UrlEncoded)] SignUp form);

            [Get("/search")]
            Task<string> Search([Query] Filter filter);
            """);
        await AnalyzeAsync(
            source,
            Twin(0, "JSON.NET's [JsonProperty]", "'Entity.RefId'", "[JsonPropertyName(\"ref_id\")]"),
            Twin(1, "JSON.NET's [JsonProperty]", "'Repo.FullName'", "[JsonPropertyName(\"full_name\")]", "sends and reads"),
            Twin(2, "JSON.NET's [JsonProperty]", "'NewUser.UserName'", "[JsonPropertyName(\"user_name\")]", "sends"),
            Twin(3, "JSON.NET's [JsonProperty]", "'SignUp.UserName'", "[JsonPropertyName(\"user_name\")]", "sends"));
    }

    [Fact]
    public async Task Reports_An_Attribute_Of_A_Generic_Type_Closed_Twice_Once()
    {
        var source = Source("""
            public sealed class User { public Page<string>? Names { get; set; } }
            public sealed class Page<T> { [{|#0:JsonProperty("next_cursor")|}] public string? NextCursor { get; set; } public List<T>? Items { get; set; } }
            """, members: """
            [Get("/numbers")]
            Task<Page<int>> Numbers();
            """);
        await AnalyzeAsync(source, Twin(0, "JSON.NET's [JsonProperty]", "'Page.NextCursor'", "[JsonPropertyName(\"next_cursor\")]"));
    }

    [Fact(Timeout = 10000)]
    public async Task Ends_On_A_Generic_Type_Whose_Member_Closes_It_Over_A_Bigger_Argument()
    {
        // Node<int> reaches Node<List<int>>, then Node<List<List<int>>>...: the walk must stop at the declaration.
        // (Not in the test's context: System.Text.Json's own generator would walk it without end.)
        var source = Source("""
            public sealed class Node<T> { [{|#0:JsonProperty("n")|}] public Node<List<T>>? Next { get; set; } public Leaf? Leaf { get; set; } }
            public sealed class Leaf { [{|#1:JsonProperty("l")|}] public int L { get; set; } }
            public sealed class User { }
            """, members: """
            [Get("/nodes")]
            Task<Node<int>> Nodes();
            """);
        await Task.Run(() => AnalyzeAsync(
            source,
            Twin(0, "JSON.NET's [JsonProperty]", "'Node.Next'", "[JsonPropertyName(\"n\")]"),
            Twin(1, "JSON.NET's [JsonProperty]", "'Leaf.L'", "[JsonPropertyName(\"l\")]")));
    }

    [Fact]
    public async Task Names_The_Twin_Of_Each_Attribute_JsonNet_Honours()
    {
        var source = Source("""
            public sealed class User
            {
                [{|#0:JsonConstructor|}]
                public User(string login) => Login = login;

                [{|#1:JsonProperty(Required = Required.Always, DefaultValueHandling = DefaultValueHandling.Ignore)|}]
                public string Login { get; }

                [{|#2:JsonRequired|}]
                public int Id { get; set; }

                [{|#3:JsonProperty(NullValueHandling = NullValueHandling.Ignore)|}]
                public int Stars { get; set; }

                [{|#4:JsonExtensionData|}]
                public Dictionary<string, object>? Extra { get; set; }

                [{|#5:JsonProperty("score")|}]
                public double Score;
            }
            """);
        await AnalyzeAsync(
            source,
            Twin(0, "JSON.NET's [JsonConstructor]", "the constructor of 'User'", "[JsonConstructor]"),
            Twin(1, "JSON.NET's [JsonProperty]", "'User.Login'", "[JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingDefault)], [JsonRequired]"),
            NoTwin(1, "JSON.NET's [JsonProperty]", "'User.Login'", "Required.Always also rejects null, read and written: System.Text.Json's [JsonRequired] rejects only a missing member, a null reads; check for null after reading, or give the member a non-nullable type and set RespectNullableAnnotations (System.Text.Json 9)"),
            Twin(2, "JSON.NET's [JsonRequired]", "'User.Id'", "[JsonRequired]"),
            NoTwin(3, "JSON.NET's [JsonProperty]", "'User.Stars'", StarsNull),
            Twin(4, "JSON.NET's [JsonExtensionData]", "'User.Extra'", "[JsonExtensionData]"),
            Twin(5, "JSON.NET's [JsonProperty]", "'User.Score'", "[JsonPropertyName(\"score\")], [JsonInclude], [JsonPropertyOrder(-1)]"));
    }

    [Fact]
    public async Task Says_Where_A_Null_In_A_Reply_Reads_Otherwise_Than_JSON_NET_Which_Skipped_It()
    {
        var source = Source("""
            public sealed class User
            {
                [{|#0:JsonProperty(NullValueHandling = NullValueHandling.Ignore)|}]
                public int Stars { get; set; }

                [{|#1:JsonProperty(NullValueHandling = NullValueHandling.Ignore)|}]
                public List<string> Tags { get; set; } = new() { "new" };

                [{|#2:JsonProperty(NullValueHandling = NullValueHandling.Ignore)|}]
                public string? Bio { get; set; } = null!;

                [{|#3:JsonProperty(NullValueHandling = NullValueHandling.Ignore)|}]
                public int? Forks { get; set; } = default;
            }
            """);
        await AnalyzeAsync(
            source,
            NoTwin(0, "JSON.NET's [JsonProperty]", "'User.Stars'", StarsNull),
            Twin(1, "JSON.NET's [JsonProperty]", "'User.Tags'", WhenWritingNull),
            NoTwin(1, "JSON.NET's [JsonProperty]", "'User.Tags'", "JSON.NET skips a null in a reply and keeps 'Tags' as its initializer sets it (new() { \"new\" }); System.Text.Json reads the null over it (WhenWritingNull is for writing only): have the setter keep its value when given null, or check for null after reading"),
            Twin(2, "JSON.NET's [JsonProperty]", "'User.Bio'", WhenWritingNull),
            Twin(3, "JSON.NET's [JsonProperty]", "'User.Forks'", WhenWritingNull));
    }

    [Fact]
    public async Task Says_JSON_NETs_Own_JsonRequired_Rejects_Null_Where_A_Null_Can_Come()
    {
        var source = Source("""
            public sealed class User
            {
                [{|#0:JsonRequired|}]
                public string? Login { get; set; }

                [{|#1:JsonRequired|}]
                public int Id { get; set; }
            }
            """);
        await AnalyzeAsync(
            source,
            Twin(0, "JSON.NET's [JsonRequired]", "'User.Login'", "[JsonRequired]"),
            NoTwin(0, "JSON.NET's [JsonRequired]", "'User.Login'", "JSON.NET's [JsonRequired] is Required.Always: it also rejects null, read and written: System.Text.Json's [JsonRequired] rejects only a missing member, a null reads; check for null after reading, or give the member a non-nullable type and set RespectNullableAnnotations (System.Text.Json 9)"),
            Twin(1, "JSON.NET's [JsonRequired]", "'User.Id'", "[JsonRequired]"));
    }

    [Theory]
    [InlineData("public sealed class User { [JsonProperty(Required = Required.Always, NullValueHandling = NullValueHandling.Ignore)] public int Stars { get; set; } }")]
    [InlineData("public sealed class User { [JsonRequired, JsonProperty(NullValueHandling = NullValueHandling.Ignore)] public int Stars { get; set; } }")]
    [InlineData("public sealed class User { [JsonProperty(Required = Required.DisallowNull, NullValueHandling = NullValueHandling.Ignore)] public int Stars { get; set; } }")]
    [InlineData("public sealed record User([property: JsonProperty(NullValueHandling = NullValueHandling.Ignore)] int Stars);")]
    [InlineData("public sealed class User { public User(int stars) => Stars = stars; [JsonProperty(NullValueHandling = NullValueHandling.Ignore)] public int Stars { get; } }")]
    [InlineData("public sealed class User { [JsonProperty(NullValueHandling = NullValueHandling.Ignore)] public List<string> Tags { get; } = new() { \"x\" }; }")]
    [InlineData("public sealed class User { [JsonProperty(NullValueHandling = NullValueHandling.Ignore)] public string? Bio { get; set; } = (string?)null; }")]
    public async Task Says_Nothing_Of_A_Null_In_A_Reply_Where_JSON_NET_Does_Not_Skip_It_Or_Nothing_Differs(string user)
    {
        // Required: JSON.NET throws on the null too. A constructor parameter ignores NullValueHandling. A get-only
        // member is never set from a reply, and a null initializer is what a null reads as anyway.
        var diagnostics = await TwoProjects.DiagnosticsAsync([], [("App.cs", Source(user))], ReferenceShape.Compilation);

        Assert.DoesNotContain(diagnostics, d => d.GetMessage(System.Globalization.CultureInfo.InvariantCulture).Contains("skips a null in a reply", StringComparison.Ordinal));
    }

    [Fact]
    public async Task A_Generic_Type_Read_In_One_Closed_Form_And_Sent_In_Another_Keeps_Its_Reply_Advice()
    {
        // The attribute is the definition's: sent as Page<Repo> and read as Page<User> is "sends and reads", advice included.
        var source = Source(
            """
            public sealed class User { public Page<User>? Friends { get; set; } }
            public sealed class Repo { }
            public sealed class Page<T>
            {
                [{|#0:JsonProperty(NullValueHandling = NullValueHandling.Ignore)|}]
                public List<T> Items { get; set; } = new();
            }
            """,
            members: "[Post(\"/repos\")]\nTask Add([Body] Page<Repo> page);");
        await AnalyzeAsync(
            source,
            Twin(0, "JSON.NET's [JsonProperty]", "'Page.Items'", WhenWritingNull, verb: "sends and reads"),
            NoTwin(0, "JSON.NET's [JsonProperty]", "'Page.Items'", "JSON.NET skips a null in a reply and keeps 'Items' as its initializer sets it (new()); System.Text.Json reads the null over it (WhenWritingNull is for writing only): have the setter keep its value when given null, or check for null after reading", verb: "sends and reads"));
    }

    [Fact]
    public async Task Says_Nothing_About_A_Null_In_A_Reply_On_A_Type_Only_Sent()
    {
        var source = Source(
            User("") + """

                public sealed class NewUser
                {
                    [JsonProperty(NullValueHandling = NullValueHandling.Ignore)]
                    public int Stars { get; set; }
                }
                """,
            members: "[Post(\"/users\")]\nTask Add([Body] NewUser user);");
        await AnalyzeAsync(source);
    }

    [Fact]
    public async Task Keeps_Required_AllowNull_And_Says_Required_Always_Null_Is_Not_Rejected()
    {
        var source = Source("""
            public sealed class User
            {
                [{|#0:JsonProperty(Required = Required.AllowNull)|}]
                public string? Login { get; set; }

                [{|#1:JsonProperty(Required = Required.Always)|}]
                public string? Name { get; set; }
            }
            """);
        await AnalyzeAsync(
            source,
            Twin(0, "JSON.NET's [JsonProperty]", "'User.Login'", "[JsonRequired]"),
            Twin(1, "JSON.NET's [JsonProperty]", "'User.Name'", "[JsonRequired]"),
            NoTwin(1, "JSON.NET's [JsonProperty]", "'User.Name'", "Required.Always also rejects null, read and written: System.Text.Json's [JsonRequired] rejects only a missing member, a null reads; check for null after reading, or give the member a non-nullable type and set RespectNullableAnnotations (System.Text.Json 9)"));
    }

    [Fact]
    public async Task Offers_No_Ignore_Where_JsonNet_Compares_With_A_DefaultValue_That_Is_Not_The_Types_Default()
    {
        var source = Source("""
            [DataContract]
            public sealed class User
            {
                [{|#0:JsonProperty(DefaultValueHandling = DefaultValueHandling.Ignore)|}]
                [System.ComponentModel.DefaultValue(10)]
                public int Limit { get; set; } = 10;

                [{|#1:DataMember(EmitDefaultValue = false)|}]
                [System.ComponentModel.DefaultValue("en")]
                public string? Locale { get; set; }

                [{|#2:JsonProperty(DefaultValueHandling = DefaultValueHandling.Ignore)|}]
                [System.ComponentModel.DefaultValue(0)]
                public int Stars { get; set; }
            }
            """);
        await AnalyzeAsync(
            source,
            NoTwin(0, "JSON.NET's [JsonProperty]", "'User.Limit'", "JSON.NET leaves the member out when it equals its [DefaultValue(10)]; System.Text.Json's WhenWritingDefault compares with default(T) and would write it: no attribute keeps this, leave it out with a JsonTypeInfo modifier that sets the property's ShouldSerialize"),
            NoTwin(1, "[DataMember]", "'User.Locale'", "JSON.NET leaves the member out when it equals its [DefaultValue(\"en\")]; System.Text.Json's WhenWritingDefault compares with default(T) and would write it: no attribute keeps this, leave it out with a JsonTypeInfo modifier that sets the property's ShouldSerialize"),
            Twin(2, "JSON.NET's [JsonProperty]", "'User.Stars'", "[JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingDefault)]"));
    }

    [Fact]
    public async Task Includes_Named_Members_JsonNet_Reads_Through_A_Non_Public_Setter_Or_As_A_Field_And_Says_Make_Public_Otherwise()
    {
        var source = Source("""
            [DataContract]
            public sealed class User
            {
                [{|#0:JsonProperty("id")|}]
                public int Id { get; private set; }

                [{|#1:DataMember(Name = "f")|}]
                public int F;

                [{|#2:DataMember(Name = "h")|}]
                internal string? H { get; set; }

                [{|#3:JsonProperty("g")|}]
                public int G { get; set; }
            }
            """);
        await AnalyzeAsync(
            source,
            Twin(0, "JSON.NET's [JsonProperty]", "'User.Id'", "[JsonPropertyName(\"id\")], [JsonInclude]"),
            Twin(1, "[DataMember]", "'User.F'", "[JsonPropertyName(\"f\")], [JsonInclude], [JsonPropertyOrder(-1)]"),
            Twin(2, "[DataMember]", "'User.H'", "[JsonPropertyName(\"h\")]"),
            NoTwin(2, "[DataMember]", "'User.H'", "System.Text.Json writes public members: make it public (with [JsonInclude] a non-public one is read and written by reflection only, not over a source-generated context)"),
            Twin(3, "JSON.NET's [JsonProperty]", "'User.G'", "[JsonPropertyName(\"g\")]"));
    }

    [Fact]
    public async Task Offers_No_Name_Twin_On_A_Property_An_Override_May_Redeclare()
    {
        // A twin on the declaration alone made System.Text.Json write the override's own name beside it.
        var source = Source("""
            public abstract class Animal
            {
                [{|#0:JsonProperty("animal_name")|}]
                public abstract string? Name { get; set; }
            }

            public sealed class User : Animal
            {
                public override string? Name { get; set; }
            }
            """);
        await AnalyzeAsync(
            source,
            NoTwin(0, "JSON.NET's [JsonProperty]", "'Animal.Name'", "JSON.NET gives every override of 'Name' this name, System.Text.Json writes an override under its own name beside it: give [JsonPropertyName(\"animal_name\")] to this declaration and to every override"));
    }

    [Fact]
    public async Task Offers_No_Constructor_Twin_Where_A_Parameter_Binds_To_No_Property()
    {
        // JSON.NET matched 'full_name' through the property's [JsonProperty] name; System.Text.Json throws on it.
        var source = Source("""
            public sealed class User
            {
                [{|#0:JsonConstructor|}]
                public User(string full_name) => FullName = full_name;

                [{|#1:JsonProperty("full_name")|}]
                public string FullName { get; }
            }
            """);
        await AnalyzeAsync(
            source,
            NoTwin(0, "JSON.NET's [JsonConstructor]", "the constructor of 'User'", "System.Text.Json binds each constructor parameter to the property or field of its name (case ignored) and throws on 'full_name': rename the parameter to its property's name, then add System.Text.Json's [JsonConstructor]"),
            Twin(1, "JSON.NET's [JsonProperty]", "'User.FullName'", "[JsonPropertyName(\"full_name\")]"));
    }

    [Theory]
    [InlineData("JsonProperty(Order = 0)", "JSON.NET's [JsonProperty]", "1")]
    [InlineData("JsonProperty(Order = -1)", "JSON.NET's [JsonProperty]", "0")]
    [InlineData("JsonProperty(Order = -3)", "JSON.NET's [JsonProperty]", "-2")]
    [InlineData("JsonProperty(Order = int.MaxValue)", "JSON.NET's [JsonProperty]", "2147483647")]
    [InlineData("DataMember(Order = 0)", "[DataMember]", "1")]
    public async Task Orders_A_Member_One_Past_JSON_NETs_Order_Where_Unordered_Members_Sort_As_Minus_One(string attribute, string shown, string order)
    {
        // JSON.NET's unordered members sort as -1, System.Text.Json's as 0: Order = 0 goes after them on both.
        var source = Source(User($"[{{|#0:{attribute}|}}]").Replace("public sealed class User", attribute.StartsWith("Data", StringComparison.Ordinal) ? "[DataContract]\npublic sealed class User" : "public sealed class User", StringComparison.Ordinal));
        await AnalyzeAsync(source, Twin(0, shown, "'User.AvatarUrl'", $"[JsonPropertyOrder({order})]"));
    }

    [Fact]
    public async Task Puts_A_Field_JSON_NET_Left_Unordered_Before_The_Properties_As_JSON_NET_Writes_It()
    {
        // JSON.NET writes a type's fields before its properties at one order, System.Text.Json after them: a field keeps
        // JSON.NET's order (unordered: -1), a property one more, so a field goes before the properties JSON.NET put beside it.
        var source = Source("""
            public sealed class User
            {
                public string? Login { get; set; }

                [{|#0:JsonProperty("score")|}]
                public double Score;

                [{|#1:JsonProperty(Order = 2)|}]
                public int Rank;

                [{|#2:JsonProperty(Order = -1)|}]
                public int Tie;

                [{|#3:JsonProperty(Order = -2)|}]
                public int Early;
            }
            """);
        await AnalyzeAsync(
            source,
            Twin(0, "JSON.NET's [JsonProperty]", "'User.Score'", "[JsonPropertyName(\"score\")], [JsonInclude], [JsonPropertyOrder(-1)]"),
            Twin(1, "JSON.NET's [JsonProperty]", "'User.Rank'", "[JsonPropertyOrder(2)], [JsonInclude]"),
            Twin(2, "JSON.NET's [JsonProperty]", "'User.Tie'", "[JsonPropertyOrder(-1)], [JsonInclude]"),
            Twin(3, "JSON.NET's [JsonProperty]", "'User.Early'", "[JsonPropertyOrder(-2)], [JsonInclude]"));
    }

    [Fact]
    public async Task Reads_DataContract_Names_Only_On_A_DataContract_Type()
    {
        var source = Source("""
            [{|#2:DataContract|}]
            public sealed class User
            {
                [{|#0:DataMember(Name = "avatar_url", Order = 1, IsRequired = true, EmitDefaultValue = false)|}]
                public string? AvatarUrl { get; set; }

                [{|#1:IgnoreDataMember|}]
                public string? Secret { get; set; }

                public Plain? Plain { get; set; }
            }

            public sealed class Plain
            {
                [DataMember(Name = "ignored_without_contract")]
                public string? Name { get; set; }
            }
            """);
        await AnalyzeAsync(
            source,
            Twin(0, "[DataMember]", "'User.AvatarUrl'", "[JsonPropertyName(\"avatar_url\")], [JsonPropertyOrder(2)], [JsonRequired], [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingDefault)]"),
            Twin(1, "[IgnoreDataMember]", "'User.Secret'", "[JsonIgnore]"),
            Twin(2, "[DataContract]", "'User'", "[JsonIgnore] on 'Plain'"));
    }

    [Fact]
    public async Task IgnoreDataMember_Follows_The_Member_Serialization_JSON_NET_Gives_The_Type()
    {
        // [JsonObject(MemberSerialization)] decides over [DataContract], and a base type's [DataContract] counts: where members
        // opt in, [IgnoreDataMember] is not read (the member is written); where they do not, it leaves the member out.
        var source = Source("""
            [{|#0:JsonObject(MemberSerialization.OptIn)|}]
            public sealed class User
            {
                [{|#1:JsonProperty("avatar_url")|}]
                [IgnoreDataMember]
                public string? AvatarUrl { get; set; }
            }

            [DataContract]
            public class Entity
            {
                [{|#2:DataMember(Name = "id")|}]
                public string? Id { get; set; }
            }

            public sealed class Derived : Entity
            {
                [{|#3:JsonProperty("avatar_url")|}]
                [IgnoreDataMember]
                public string? AvatarUrl { get; set; }
            }

            [DataContract]
            [JsonObject(MemberSerialization.OptOut)]
            public sealed class Open
            {
                [{|#4:DataMember(Name = "avatar_url")|}]
                [{|#5:IgnoreDataMember|}]
                public string? AvatarUrl { get; set; }

                public string? Plain { get; set; }
            }
            """, members: "[Get(\"/derived\")] Task<Derived> GetDerived();\n[Get(\"/open\")] Task<Open> GetOpen();");
        await AnalyzeAsync(
            source,
            NoTwin(0, "JSON.NET's [JsonObject]", "'User'", "System.Text.Json writes every public property whatever MemberSerialization says: add [JsonIgnore] to those JSON.NET leaves out"),
            Twin(1, "JSON.NET's [JsonProperty]", "'User.AvatarUrl'", "[JsonPropertyName(\"avatar_url\")]"),
            Twin(2, "[DataMember]", "'Entity.Id'", "[JsonPropertyName(\"id\")]"),
            Twin(3, "JSON.NET's [JsonProperty]", "'Derived.AvatarUrl'", "[JsonPropertyName(\"avatar_url\")]"),
            Twin(4, "[DataMember]", "'Open.AvatarUrl'", "[JsonPropertyName(\"avatar_url\")]"),
            Twin(5, "[IgnoreDataMember]", "'Open.AvatarUrl'", "[JsonIgnore]"));
    }

    [Fact]
    public async Task A_DataContract_Opts_In_What_JSON_NET_Reads_On_Base_And_Interface_Declarations_And_Yields_To_A_JsonObject()
    {
        // JSON.NET reads [DataMember] and [JsonProperty] on the declaration a property overrides and on the interface
        // member of its name; any [JsonObject] (on the type, a base or an interface) decides the mode, OptOut unless stated.
        var source = Source("""
            public class Base
            {
                [DataMember]
                public virtual int A { get; set; }
            }

            public interface IHasB
            {
                [JsonProperty("b")]
                int B { get; }
            }

            [{|#0:DataContract|}]
            public sealed class User : Base, IHasB
            {
                public override int A { get; set; }

                public int B { get; set; }

                [{|#2:JsonConverter(typeof(StringEnumConverter))|}]
                public Kind Kind { get; set; }
            }

            public enum Kind { Person, Bot }

            [DataContract]
            [JsonObject]
            public sealed class Stated
            {
                public string? Kept { get; set; }
            }

            [{|#3:JsonObject(MemberSerialization.OptIn)|}]
            public class OptInBase
            {
            }

            public sealed class Inherited : OptInBase
            {
                [{|#1:JsonProperty("a")|}]
                [IgnoreDataMember]
                public string? A { get; set; }
            }
            """, members: "[Get(\"/stated\")] Task<Stated> GetStated();\n[Get(\"/inherited\")] Task<Inherited> GetInherited();");
        await AnalyzeAsync(
            source,
            Twin(0, "[DataContract]", "'User'", "[JsonIgnore] on 'Kind'"),
            Twin(2, "JSON.NET's [JsonConverter(typeof(StringEnumConverter))]", "'User.Kind'", "[JsonConverter(typeof(JsonStringEnumConverter<Kind>))]"),
            Twin(1, "JSON.NET's [JsonProperty]", "'Inherited.A'", "[JsonPropertyName(\"a\")]"),
            NoTwin(3, "JSON.NET's [JsonObject]", "'OptInBase'", "System.Text.Json writes every public property whatever MemberSerialization says: add [JsonIgnore] to those JSON.NET leaves out"));
    }

    [Fact]
    public async Task A_DataContract_Leaves_Out_The_Properties_No_Attribute_Opts_In()
    {
        // JSON.NET writes and reads only what [DataMember], [JsonProperty] or [JsonRequired] opts in; System.Text.Json writes
        // every public property. Not given a twin: a property with an attribute of its own, C#'s required (System.Text.Json
        // will not ignore it), one a constructor parameter binds, a non-public or static one, a field.
        var source = Source("""
            [{|#0:DataContract|}]
            public sealed class User
            {
                public User() { }

                public User(string? login) => Login = login;

                [{|#1:DataMember(Name = "login")|}]
                public string? Login { get; set; }

                [JsonProperty]
                public string? Kept { get; set; }

                public string? Cache { get; set; }

                public int Count => 0;

                [System.Text.Json.Serialization.JsonPropertyName("note")]
                public string? Note { get; set; }

                public required string Region { get; set; }

                internal string? Internal { get; set; }

                public static string? Shared { get; set; }

                public string? Field;
            }
            """);
        await AnalyzeAsync(
            source,
            Twin(0, "[DataContract]", "'User'", "[JsonIgnore] on 'Cache', [JsonIgnore] on 'Count'"),
            Twin(1, "[DataMember]", "'User.Login'", "[JsonPropertyName(\"login\")]"));
    }

    [Fact]
    public async Task Beside_JsonProperty_A_DataMember_Gives_Only_The_Name_JsonProperty_Does_Not()
    {
        // JSON.NET reads [JsonProperty] first: a [DataMember] beside it gives the name where [JsonProperty] has none, and
        // nothing else (two [JsonPropertyName] or [JsonPropertyOrder] twins would not compile).
        var source = Source("""
            [DataContract]
            public sealed class User
            {
                [{|#0:JsonProperty("login", Order = 2)|}]
                [DataMember(Name = "user_login", Order = 5, IsRequired = true, EmitDefaultValue = false)]
                public string? Login { get; set; }

                [JsonProperty]
                [{|#1:DataMember(Name = "avatar_url", Order = 1, IsRequired = true)|}]
                public string? AvatarUrl { get; set; }
            }
            """);
        await AnalyzeAsync(
            source,
            Twin(0, "JSON.NET's [JsonProperty]", "'User.Login'", "[JsonPropertyName(\"login\")], [JsonPropertyOrder(3)]"),
            Twin(1, "[DataMember]", "'User.AvatarUrl'", "[JsonPropertyName(\"avatar_url\")]"));
    }

    [Fact]
    public async Task IgnoreDataMember_Leaves_A_Member_Out_Beside_JsonProperty_But_Not_Beside_DataMember_In_A_DataContract()
    {
        // Outside a [DataContract] JSON.NET leaves an [IgnoreDataMember] out whatever else it carries; inside one a
        // [DataMember] or [JsonProperty] opts the member in and [IgnoreDataMember] is not read; one with neither stays out.
        var source = Source("""
            public sealed class User
            {
                [{|#0:JsonProperty("secret")|}]
                [{|#1:IgnoreDataMember|}]
                public string? Secret { get; set; }

                public Contract? Contract { get; set; }
            }

            [DataContract]
            public sealed class Contract
            {
                [DataMember]
                [IgnoreDataMember]
                public string? Kept { get; set; }

                [{|#2:IgnoreDataMember|}]
                public string? Left { get; set; }
            }
            """);
        await AnalyzeAsync(
            source,
            Twin(0, "JSON.NET's [JsonProperty]", "'User.Secret'", "[JsonPropertyName(\"secret\")]"),
            Twin(1, "[IgnoreDataMember]", "'User.Secret'", "[JsonIgnore]"),
            Twin(2, "[IgnoreDataMember]", "'Contract.Left'", "[JsonIgnore]"));
    }

    [Fact]
    public async Task Says_What_To_Write_Where_System_Text_Json_Has_No_Attribute()
    {
        var source = Source("""
            [{|#0:JsonObject(NamingStrategyType = typeof(Newtonsoft.Json.Serialization.SnakeCaseNamingStrategy))|}]
            public sealed class User
            {
                [{|#1:JsonConverter(typeof(UpperConverter))|}]
                public string? Name { get; set; }

                [{|#2:JsonProperty(TypeNameHandling = TypeNameHandling.Auto)|}]
                public object? Payload { get; set; }

                [{|#3:JsonExtensionData|}]
                public Dictionary<string, Newtonsoft.Json.Linq.JToken>? Extra { get; set; }

                public string? Note { get; set; }

                {|#4:public bool ShouldSerializeNote() => Note is not null;|}
            }

            public sealed class UpperConverter : Newtonsoft.Json.JsonConverter
            {
                public override bool CanConvert(System.Type objectType) => objectType == typeof(string);
                public override object? ReadJson(JsonReader reader, System.Type objectType, object? existingValue, JsonSerializer serializer) => reader.Value;
                public override void WriteJson(JsonWriter writer, object? value, JsonSerializer serializer) => writer.WriteValue(value?.ToString()?.ToUpperInvariant());
            }
            """);
        await AnalyzeAsync(
            source,
            NoTwin(0, "JSON.NET's [JsonObject]", "'User'", "a naming strategy has no attribute: give each member [JsonPropertyName], or set the options' PropertyNamingPolicy"),
            NoTwin(1, "JSON.NET's [JsonConverter(typeof(UpperConverter))]", "'User.Name'", "'UpperConverter' is a JSON.NET converter, which System.Text.Json never runs: write a System.Text.Json JsonConverter<T> that does the same and name it with System.Text.Json's [JsonConverter]"),
            NoTwin(2, "JSON.NET's [JsonProperty]", "'User.Payload'", "JSON.NET's $type polymorphism (TypeNameHandling) has no attribute here: declare the subtypes on the base type with [JsonPolymorphic] and [JsonDerivedType(typeof(Subtype), \"name\")] (the discriminator's name and values change)"),
            NoTwin(3, "JSON.NET's [JsonExtensionData]", "'User.Extra'", "System.Text.Json keeps extension data only in a Dictionary<string, JsonElement>, Dictionary<string, object> or JsonObject: give 'Extra' one of those types and System.Text.Json's [JsonExtensionData]"),
            NoTwin(4, "JSON.NET's 'ShouldSerializeNote()' convention", "'User'", "System.Text.Json never calls it; write the condition as [JsonIgnore(Condition = ...)] where one fits, or as a JsonTypeInfo modifier that sets the property's ShouldSerialize"));
    }

    [Fact]
    public async Task Lists_Every_Setting_Without_A_Twin_In_One_Message_Per_Attribute()
    {
        var source = Source("""
            [{|#0:JsonObject(MemberSerialization.OptIn, ItemRequired = Required.Always, ItemTypeNameHandling = TypeNameHandling.Auto, IsReference = true, MissingMemberHandling = MissingMemberHandling.Error)|}]
            public sealed class User
            {
                [{|#1:JsonProperty("note", Required = Required.DisallowNull, DefaultValueHandling = DefaultValueHandling.Populate, ItemConverterType = typeof(StringEnumConverter), NamingStrategyType = typeof(Newtonsoft.Json.Serialization.CamelCaseNamingStrategy), IsReference = true)|}]
                private List<string>? Notes { get; set; }
            }
            """);
        await AnalyzeAsync(
            source,
            NoTwin(0, "JSON.NET's [JsonObject]", "'User'", "System.Text.Json writes every public property whatever MemberSerialization says: add [JsonIgnore] to those JSON.NET leaves out; ItemNullValueHandling and ItemRequired have no attribute: give each member [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] or [JsonRequired]; JSON.NET's $type polymorphism (TypeNameHandling) has no attribute here: declare the subtypes on the base type with [JsonPolymorphic] and [JsonDerivedType(typeof(Subtype), \"name\")] (the discriminator's name and values change); JSON.NET's reference handling ($id and $ref) has no attribute: set ReferenceHandler = ReferenceHandler.Preserve in the options; MissingMemberHandling.Error: put [JsonUnmappedMemberHandling(JsonUnmappedMemberHandling.Disallow)] on the type (System.Text.Json 8)"),
            Twin(1, "JSON.NET's [JsonProperty]", "'User.Notes'", "[JsonPropertyName(\"note\")]"),
            NoTwin(1, "JSON.NET's [JsonProperty]", "'User.Notes'", "Required.DisallowNull (may be missing, never null) has no attribute: System.Text.Json's [JsonRequired] requires the member to be present; check for null after reading, or set RespectNullableAnnotations (System.Text.Json 9); JSON.NET fills a missing member with its [DefaultValue]: give the member that value as its initializer; System.Text.Json writes public members: make it public (with [JsonInclude] a non-public one is read and written by reflection only, not over a source-generated context); 'StringEnumConverter' converts the items: System.Text.Json runs no JSON.NET converter, put a System.Text.Json converter on the item type or in the options; a naming strategy has no attribute: give the member [JsonPropertyName] with the name it writes; JSON.NET's reference handling ($id and $ref) has no attribute: set ReferenceHandler = ReferenceHandler.Preserve in the options"));
    }

    [Fact]
    public async Task Keeps_Enum_Spelling_With_Member_Names_And_The_Generic_Converter()
    {
        var source = Source("""
            public sealed class User
            {
                [{|#0:JsonConverter(typeof(StringEnumConverter))|}]
                public Plan? Plan { get; set; }

                public Kind Kind { get; set; }
            }

            public enum Plan
            {
                [{|#1:EnumMember(Value = "pro_plan")|}]
                Pro,
                Free,
            }

            [{|#2:JsonConverter(typeof(StringEnumConverter), true)|}]
            public enum Kind { Person, Bot }
            """);
        await AnalyzeAsync(
            source,
            Twin(0, "JSON.NET's [JsonConverter(typeof(StringEnumConverter))]", "'User.Plan'", "[JsonConverter(typeof(JsonStringEnumConverter<Plan>))]"),
            Twin(1, "[EnumMember]", "'Plan.Pro'", "[JsonStringEnumMemberName(\"pro_plan\")]"),
            NoTwin(2, "JSON.NET's [JsonConverter(typeof(StringEnumConverter))]", "'Kind'", "StringEnumConverter with arguments (a naming strategy, no integers) has no attribute: write the enum's member names with [JsonStringEnumMemberName], or put a JsonStringEnumConverter with a JsonNamingPolicy in the options"));
    }

    private const string FlagsAdvice = "JSON.NET writes and reads a combination of flags as \"A, B\"; RefitStj's default options (Refit 16's enums), whose enum converter wins over a converter on the enum, write a combination that is no declared member as a number and refuse \"A, B\": put [JsonConverter(typeof(JsonStringEnumConverter<Access>))] on each property of this enum as well (a property's converter wins over the options')";
    private const string AccessTwins = "[JsonConverter(typeof(JsonStringEnumConverter<Access>))], [JsonStringEnumMemberName(\"None\")] on 'None', [JsonStringEnumMemberName(\"Read\")] on 'Read', [JsonStringEnumMemberName(\"Write\")] on 'Write'";

    private const string Access = """
        [System.Flags]
        [{|#0:JsonConverter(typeof(StringEnumConverter))|}]
        public enum Access { None = 0, Read = 1, Write = 2 }
        """;

    [Fact]
    public async Task Says_On_Refit_16_That_The_Options_Enum_Converter_Writes_A_Flags_Combination_As_A_Number()
    {
        // Issue 64: the twin on the enum loses to the options' converter of Refit 16's enums, which writes Read | Write as 3.
        var source = Source(Access + "\npublic sealed class User { public Access Access { get; set; } public List<Access>? History { get; set; } }");
        await AnalyzeAsync(source, RefitLine.Pick<DiagnosticResult[]>(
            [Twin(0, "JSON.NET's [JsonConverter(typeof(StringEnumConverter))]", "'Access'", AccessTwins), NoTwin(0, "JSON.NET's [JsonConverter(typeof(StringEnumConverter))]", "'Access'", FlagsAdvice)],
            [Twin(0, "JSON.NET's [JsonConverter(typeof(StringEnumConverter))]", "'Access'", AccessTwins)]));
    }

    [Fact]
    public async Task Says_Nothing_Of_Flags_Once_Each_Property_Of_The_Enum_Has_System_Text_Jsons_Converter()
    {
        var source = Source(Access + """

            public sealed class User
            {
                [System.Text.Json.Serialization.JsonConverter(typeof(System.Text.Json.Serialization.JsonStringEnumConverter<Access>))]
                public Access Access { get; set; }

                [System.Text.Json.Serialization.JsonConverter(typeof(System.Text.Json.Serialization.JsonStringEnumConverter<Access>))]
                public Access? Previous { get; set; }

                // Not written by System.Text.Json: no converter needed.
                private Access _backing;

                [System.Text.Json.Serialization.JsonIgnore]
                public Access Ignored { get => _backing; set => _backing = value; }
            }
            """);
        await AnalyzeAsync(source, Twin(0, "JSON.NET's [JsonConverter(typeof(StringEnumConverter))]", "'Access'", AccessTwins));
    }

    [Fact]
    public async Task Says_Nothing_Of_Flags_On_A_Type_Only_Clients_Off_The_Defaults_Read()
    {
        // IApi runs on the defaults but never reaches Access; IOther reaches it over options of the app's own.
        var source = Source(Access + """

            public sealed class User { }

            public sealed class Grant { public Access Access { get; set; } }

            public interface IOther
            {
                [Get("/grant")]
                Task<Grant> Get();
            }

            public static class Others
            {
                public static IOther Create(HttpClient http) => RestService.For<IOther>(http, new RefitSettings(new StjContentSerializer(new System.Text.Json.JsonSerializerOptions())));
            }
            """);
        await AnalyzeAsync(source, Twin(0, "JSON.NET's [JsonConverter(typeof(StringEnumConverter))]", "'Access'", AccessTwins, api: "IOther"));
    }

    [Theory]
    [InlineData("RestService.For<IApi>(http, new RefitSettings(new StjContentSerializer(AppJsonContext.Default)))")]
    [InlineData("RestService.For<IApi>(http, new RefitSettings(new StjContentSerializer(new System.Text.Json.JsonSerializerOptions())))")]
    public async Task Says_Nothing_Of_Flags_Where_No_Client_Runs_On_RefitStjs_Refit_16_Defaults(string create)
    {
        // Over a context or options of the app's own there is no enum converter to win over the twin, which writes "A, B".
        var source = Source(Access + "\npublic sealed class User { public Access Access { get; set; } }", create);
        await AnalyzeAsync(source, Twin(0, "JSON.NET's [JsonConverter(typeof(StringEnumConverter))]", "'Access'", AccessTwins));
    }

    [Fact]
    public async Task Says_Which_Node_Type_Replaces_A_JSON_NET_Token_Type_Member()
    {
        // Issue 64: System.Text.Json writes {"a":1} in a JObject as {"a":[]} and cannot read one; nothing was said.
        var source = Source("""
            public sealed class User
            {
                public {|#0:Newtonsoft.Json.Linq.JObject?|} Profile { get; set; }

                public {|#1:List<Newtonsoft.Json.Linq.JToken>?|} Events { get; set; }

                [{|#2:JsonProperty("tags")|}]
                public {|#3:Newtonsoft.Json.Linq.JArray?|} Tags { get; set; }

                [{|#5:JsonExtensionData|}]
                public Dictionary<string, Newtonsoft.Json.Linq.JToken>? Extra { get; set; }

                private Newtonsoft.Json.Linq.JObject? Cache { get; set; }

                // Left out only when null: System.Text.Json still reads it, and writes it when set.
                [System.Text.Json.Serialization.JsonIgnore(Condition = System.Text.Json.Serialization.JsonIgnoreCondition.WhenWritingNull)]
                public {|#6:Newtonsoft.Json.Linq.JObject?|} Sometimes { get; set; }
            }

            public sealed record Page({|#4:Newtonsoft.Json.Linq.JValue?|} Cursor, User? User);
            """, members: """[Get("/page")] Task<Page> GetPage();""");
        await AnalyzeAsync(
            source,
            NoTwin(0, "JSON.NET's own handling of JObject", "'User.Profile'", Token("JObject", "Profile", "JsonObject")),
            NoTwin(1, "JSON.NET's own handling of JToken", "'User.Events'", Token("JToken", "Events", "JsonNode")),
            Twin(2, "JSON.NET's [JsonProperty]", "'User.Tags'", "[JsonPropertyName(\"tags\")]"),
            NoTwin(3, "JSON.NET's own handling of JArray", "'User.Tags'", Token("JArray", "Tags", "JsonArray")),
            NoTwin(4, "JSON.NET's own handling of JValue", "'Page.Cursor'", Token("JValue", "Cursor", "JsonValue")),
            NoTwin(5, "JSON.NET's [JsonExtensionData]", "'User.Extra'", "System.Text.Json keeps extension data only in a Dictionary<string, JsonElement>, Dictionary<string, object> or JsonObject: give 'Extra' one of those types and System.Text.Json's [JsonExtensionData]"),
            NoTwin(6, "JSON.NET's own handling of JObject", "'User.Sometimes'", Token("JObject", "Sometimes", "JsonObject")));
    }

    [Fact]
    public async Task Says_Nothing_Of_A_Token_Member_One_Of_The_Serializers_Handles_Apart()
    {
        var source = Source("""
            [DataContract]
            public sealed class User
            {
                [DataMember]
                [System.Text.Json.Serialization.JsonIgnore]
                public Newtonsoft.Json.Linq.JObject? Hidden { get; set; }

                [DataMember]
                [System.Text.Json.Serialization.JsonConverter(typeof(TokenConverter))]
                public Newtonsoft.Json.Linq.JObject? Converted { get; set; }

                [DataMember]
                [{|#0:JsonIgnore|}]
                public Newtonsoft.Json.Linq.JObject? IgnoredByJsonNet { get; set; }

                [System.Text.Json.Serialization.JsonIgnore]
                public Newtonsoft.Json.Linq.JObject? NotOptedIn { get; set; }
            }

            public sealed class TokenConverter : System.Text.Json.Serialization.JsonConverter<Newtonsoft.Json.Linq.JObject>
            {
                public override Newtonsoft.Json.Linq.JObject? Read(ref System.Text.Json.Utf8JsonReader reader, System.Type typeToConvert, System.Text.Json.JsonSerializerOptions options) => null;
                public override void Write(System.Text.Json.Utf8JsonWriter writer, Newtonsoft.Json.Linq.JObject value, System.Text.Json.JsonSerializerOptions options) => writer.WriteNullValue();
            }
            """);
        await AnalyzeAsync(source, Twin(0, "JSON.NET's [JsonIgnore]", "'User.IgnoredByJsonNet'", "[JsonIgnore]"));
    }

    private static string Token(string token, string member, string node) =>
        $"System.Text.Json takes a {token} for a collection of tokens: it writes {{\"a\":[]}} for {{\"a\":1}} and cannot read one; give '{member}' System.Text.Json's {node} (System.Text.Json.Nodes) in place of {token}, which reads and writes the JSON as it is";

    [Fact]
    public async Task Offers_No_Enum_Converter_On_An_Enum_Nested_In_A_Generic_Type()
    {
        var source = Source("""
            public sealed class Page<T> { [{|#0:JsonConverter(typeof(StringEnumConverter))|}] public enum Color { Red } public Color C { get; set; } }
            public sealed class User { public Page<int>? P { get; set; } }
            """);
        await AnalyzeAsync(
            source,
            Twin(0, "JSON.NET's [JsonConverter(typeof(StringEnumConverter))]", "'Color'", "[JsonStringEnumMemberName(\"Red\")] on 'Red'"),
            NoTwin(0, "JSON.NET's [JsonConverter(typeof(StringEnumConverter))]", "'Color'", "an enum nested in a generic type cannot name its converter on itself (typeof of an open type): move 'Color' out of 'Page', or put [JsonConverter(typeof(JsonStringEnumConverter<...>))] with the closed enum type on each property of it"));
    }

    internal static DiagnosticResult Twin(int location, string attribute, string member, string twins, string verb = "reads", string api = "IApi") =>
        new DiagnosticResult(Descriptors.Rstj007JsonNetAttribute).WithLocation(location).WithArguments(attribute, member, api, verb, twins);

    internal static DiagnosticResult NoTwin(int location, string attribute, string member, string instead, string verb = "reads", string api = "IApi") =>
        new DiagnosticResult(Descriptors.Rstj007JsonNetAttributeWithoutTwin).WithLocation(location).WithArguments(attribute, member, api, verb, instead);

    /// <summary>A <c>User</c> whose <c>AvatarUrl</c> carries <paramref name="attributes"/>.</summary>
    internal static string User(string attributes) => $$"""
        public sealed class User
        {
            {{attributes}}
            public string? AvatarUrl { get; set; }
        }
        """;

    /// <summary>An app whose <c>IApi</c> reads <c>User</c> (and has <paramref name="members"/>), over <paramref name="models"/>, its client made by <paramref name="create"/>.</summary>
    internal static string Source(string models, string create = OnRefitStj, string usings = "using Newtonsoft.Json;\nusing Newtonsoft.Json.Converters;", string members = "") => $$"""
        using System.Collections.Generic;
        using System.Net.Http;
        using System.Runtime.Serialization;
        using System.Threading.Tasks;
        {{usings}}
        using Refit;
        using RefitStj;

        namespace App;

        {{models}}

        public interface IApi
        {
            [Get("/users/{id}")]
            Task<User> Get(int id);
        {{string.Join('\n', members.Split('\n').Select(line => line.Length == 0 ? line : "    " + line))}}
        }

        [System.Text.Json.Serialization.JsonSerializable(typeof(User))]
        internal sealed partial class AppJsonContext : System.Text.Json.Serialization.JsonSerializerContext
        {
        }

        public static class Clients
        {
            public static IApi Create(HttpClient http, RefitSettings settings, bool flag) => {{create}};
        }
        """;

    private static Task AnalyzeAsync(string source, params DiagnosticResult[] expected) => Verify.AnalyzerAsync(RuleIds, [source], expected);
}
