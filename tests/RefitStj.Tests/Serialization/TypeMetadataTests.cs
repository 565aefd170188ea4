using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;
using RefitStj.Serialization;

namespace RefitStj.Tests.Serialization;

public sealed class TypeMetadataTests
{
    private static readonly JsonSerializerOptions s_options = new() { TypeInfoResolver = new DefaultJsonTypeInfoResolver() };

    [Fact]
    public void An_Interface_Or_Abstract_Type_Without_Polymorphism_Metadata_Is_Written_By_Its_Runtime_Type()
    {
        Assert.True(Metadata<IShape>().WritesRuntimeType);
        Assert.True(Metadata<Shape>().WritesRuntimeType);
    }

    [Fact]
    public void A_Concrete_Type_Or_One_With_Polymorphism_Metadata_Is_Written_By_Its_Declared_Type()
    {
        Assert.False(Metadata<Circle>().WritesRuntimeType);
        Assert.False(Metadata<TaggedShape>().WritesRuntimeType);
        Assert.False(Metadata<object>().WritesRuntimeType);
    }

    [Fact]
    public void Keeps_The_Type_Info_It_Was_Given_And_Starts_With_No_Size_Hint()
    {
        var typeInfo = (JsonTypeInfo<Circle>)s_options.GetTypeInfo(typeof(Circle));

        var metadata = new TypeMetadata<Circle>(typeInfo);

        Assert.Same(typeInfo, metadata.TypeInfo);
        Assert.Equal(0, metadata.SizeHint);
    }

    private static TypeMetadata<T> Metadata<T>() => new((JsonTypeInfo<T>)s_options.GetTypeInfo(typeof(T)));

    public interface IShape;

    public abstract class Shape;

    public sealed class Circle : Shape, IShape
    {
        public int Radius { get; set; }
    }

    [JsonDerivedType(typeof(Square), "square")]
    public abstract class TaggedShape;

    public sealed class Square : TaggedShape;
}
