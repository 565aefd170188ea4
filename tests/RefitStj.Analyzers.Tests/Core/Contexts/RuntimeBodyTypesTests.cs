using Microsoft.CodeAnalysis.Testing;
using RefitStj.Analyzers.CodeFixes;
using RefitStj.Analyzers.CodeFixes.Rules.ContextTypes;
using RefitStj.Analyzers.Rules;
using RefitStj.Analyzers.Tests.Support;

namespace RefitStj.Analyzers.Tests.Core.Contexts;

/// <summary>
/// RSTJ001 for the types a body hands the serializer at run time: the concrete types of an interface or abstract body
/// without polymorphism metadata, and the types <c>object</c> values are written as.
/// </summary>
public sealed class RuntimeTypesTests
{
    private const string Shapes = """
        public interface IShape { }
        public sealed record Circle(double Radius) : IShape;
        public sealed record Square(double Side) : IShape;
        public abstract record Animal(string Name);
        public sealed record Dog(string Name) : Animal(Name);
        [JsonDerivedType(typeof(Triangle), "triangle")]
        public interface IPolygon { }
        public sealed record Triangle(int A) : IPolygon;
        public abstract class Unrelated { }
        public sealed class Bag { public object? Value { get; set; } public int Count { get; set; } }
        """;

    private const string ObjectValues = "bool, long, double, decimal, DateTime, DateTimeOffset, Guid, JsonElement";

    [Fact]
    public async Task Reports_Each_Concrete_Type_Of_An_Interface_Body_The_Context_Lacks()
    {
        await Verify.AnalyzerAsync(
            App("""[Post("/shapes")] Task Draw([Body] IShape shape);""", "IShape", "Square"),
            Verify.RuntimeTypeMissing("IApi.Draw", "IShape", "Circle"));
    }

    [Fact]
    public async Task Reports_The_Concrete_Types_Of_An_Abstract_Body_And_The_Declared_Type_First()
    {
        await Verify.AnalyzerAsync(
            App("""[Post("/animals")] Task Add([Body] Animal animal);""", "Owner"),
            Verify.Missing("IApi.Add", "writes", "Animal"),
            Verify.RuntimeTypeMissing("IApi.Add", "Animal", "Dog"));
    }

    [Theory]
    [InlineData("""[Post("/polygons")] Task Draw([Body] IPolygon polygon);""", "IPolygon")]
    [InlineData("""[Post("/shapes")] Task Draw([Body] IShape shape);""", "IShape", "Circle", "Square")]
    [InlineData("""[Post("/shape")] Task Draw([Body] Circle shape);""", "Circle")]
    [InlineData("""[Get("/shape")] Task<IShape> Read();""", "IShape")]
    public async Task Silent_With_Polymorphism_Metadata_Every_Type_Declared_A_Concrete_Body_Or_A_Response(string members, params string[] declared)
    {
        await Verify.AnalyzerAsync(App(members, declared));
    }

    [Fact]
    public async Task Reports_The_Types_Object_Values_Are_Written_As_That_The_Context_Does_Not_Reach_In_One_Diagnostic()
    {
        await Verify.AnalyzerAsync(
            App("""[Post("/bag")] Task Put([Body] Bag bag);""", "Bag"),
            Verify.ObjectValuesMissing("IApi.Put", "bool, long, double, decimal, string, DateTime, DateTimeOffset, Guid, JsonElement"));
        await Verify.AnalyzerAsync(
            App("""[Post("/extra")] Task Put([Body] Dictionary<string, object> extra);""", "Dictionary<string, object>", "int"),
            Verify.ObjectValuesMissing("IApi.Put", ObjectValues));
    }

    [Fact]
    public async Task Silent_For_Object_Values_Only_Read_Or_All_Declared()
    {
        await Verify.AnalyzerAsync(App("""[Get("/extra")] Task<Dictionary<string, object>> Get();""", "Dictionary<string, object>"));
        await Verify.AnalyzerAsync(App(
            """[Post("/extra")] Task Put([Body] Dictionary<string, object> extra);""",
            "Dictionary<string, object>", "bool", "int", "long", "double", "decimal", "DateTime", "DateTimeOffset", "Guid", "JsonElement"));
    }

    [Fact]
    public async Task The_Fix_Declares_The_Runtime_Types_One_At_A_Time_And_All_At_Once()
    {
        var members = """[Post("/shapes")] Task Draw([Body] IShape shape);""";
        var before = App(members, "IShape");
        var after = App(members, "IShape", "Circle", "Square");

        await Verify.CodeFixAsync<AddJsonSerializableCodeFix>(Descriptors.Rstj001, 
            [before], [after], [Verify.RuntimeTypeMissing("IApi.Draw", "IShape", "Circle"), Verify.RuntimeTypeMissing("IApi.Draw", "IShape", "Square")], iterations: 2);
    }

    [Fact]
    public async Task The_Fix_Declares_Every_Object_Value_Type_In_Its_Order_And_Fix_All_In_Name_Order()
    {
        var members = """[Post("/extra")] Task Put([Body] Dictionary<string, object> extra);""";
        var before = App(members, "Dictionary<string, object>", "int");
        var oneByOne = App(members, "Dictionary<string, object>", "int", "bool", "long", "double", "decimal", "DateTime", "DateTimeOffset", "Guid", "JsonElement");
        var fixAll = App(members, "Dictionary<string, object>", "int", "DateTime", "DateTimeOffset", "Guid", "JsonElement", "bool", "decimal", "double", "long");

        await Verify.CodeFixAsync<AddJsonSerializableCodeFix>(Descriptors.Rstj001, 
            [before], [oneByOne], [Verify.ObjectValuesMissing("IApi.Put", ObjectValues)], iterations: 1, [fixAll]);
    }

    private static string App(string members, params string[] declared) => Code.App(members, declared) + "\n" + Shapes;
}
